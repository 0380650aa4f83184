import {
  type Database,
  shippingClasses,
  shippingZoneLocations,
  shippingZoneMethods,
  shippingZones,
} from "@vitrine/db";
import { and, asc, eq, inArray, max, ne, sql } from "drizzle-orm";
import { isLocale, resources } from "../../i18n/i18n.ts";
import { type PackageLine, packageRates, type RatesContext } from "../../lib/shipping/package-rates.ts";
import {
  methodInstance,
  type ShippingMethodInstance,
  type ShippingMethodType,
} from "../../lib/shipping/shipping-methods.ts";
import {
  matchZone,
  REST_OF_WORLD_ZONE_ID,
  type ShippingDestination,
  type ZoneLocation,
} from "../../lib/shipping/zone-matching.ts";
import {
  type MethodRecord,
  type MethodUpdateInput,
  mergedMethodSettings,
  methodRecord,
  type ZoneInput,
  type ZoneRecord,
} from "../../lib/shipping-resource.ts";
import type { ShippingChoice } from "../../lib/totals/totals-types.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";

/**
 * Shipping zones in WooCommerce's model (issue 41, decision 0069): the owner's zones, their
 * locations and methods, and the rates a destination is offered. Every process keeps the zones in
 * memory per database; a change empties this process's copy at once and every other process's
 * through the change feed (`followChanges`, server/caches.server.ts).
 */

export type ShippingZone = {
  id: number;
  name: string;
  order: number;
  locations: ZoneLocation[];
  methods: ShippingMethodInstance[];
};

/** Zone 0's name as WooCommerce's REST API gives it. */
export const REST_OF_WORLD_NAME = "Locations not covered by your other zones";

/** A zone that is not there, or zone 0 where it cannot be changed. */
export class ShippingZoneError extends Error {
  constructor(readonly code: "not_found" | "rest_of_world") {
    super(code);
  }
}

const cachedZones = new WeakMap<Database, Promise<ShippingZone[]>>();

type MethodRow = {
  instanceId: number;
  methodId: ShippingMethodType;
  order: number;
  enabled: boolean;
  settings: unknown;
};

// Subqueries name the outer zone as "shipping_zones"."id": Drizzle writes a one-table select's own
// columns without their table (docs/architecture.md, "What a page reads").
const locationsOfZone = sql<ZoneLocation[] | null>`(
  select json_agg(json_build_object('type', l.location_type, 'code', l.location_code) order by l.id)
  from shipping_zone_locations l where l.zone_id = "shipping_zones"."id")`;
const methodsOfZone = sql<MethodRow[] | null>`(
  select json_agg(json_build_object('instanceId', m.id, 'methodId', m.method_id, 'order', m.method_order,
    'enabled', m.enabled, 'settings', m.settings) order by m.method_order, m.id)
  from shipping_zone_methods m where m.zone_id = "shipping_zones"."id")`;

/** Every zone with its locations and methods, in one statement; zone 0 included. */
async function readZones(db: Database): Promise<ShippingZone[]> {
  const rows = await db
    .select({
      id: shippingZones.id,
      name: shippingZones.name,
      order: shippingZones.order,
      locations: locationsOfZone,
      methods: methodsOfZone,
    })
    .from(shippingZones)
    .orderBy(asc(shippingZones.order), asc(shippingZones.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    order: row.order,
    locations: row.locations ?? [],
    methods: (row.methods ?? []).map(methodInstance),
  }));
}

/** The zones, from memory after the first read; a read that fails is not kept. */
export function loadShippingZones(db: Database): Promise<ShippingZone[]> {
  const kept = cachedZones.get(db);
  if (kept) return kept;
  const loading = Promise.resolve().then(() => readZones(db));
  cachedZones.set(db, loading);
  loading.catch(() => {
    if (cachedZones.get(db) === loading) cachedZones.delete(db);
  });
  return loading;
}

/** Empties this process's copy of the zones: the next `loadShippingZones` reads them again. */
export function forgetShippingZones(db: Database): void {
  cachedZones.delete(db);
}

/** What a change to zones, methods or classes owes: this process's copy now, every other process's through the change feed. */
export function shippingZonesChanged(context: {
  db: Database;
  invalidatePages: (tags?: readonly string[]) => void;
}) {
  forgetShippingZones(context.db);
  context.invalidatePages();
}

/** The methods' own names in the shopper's language, for the methods the owner gave no title. */
export function methodNames(locale: string): Record<ShippingMethodType, string> {
  const names = resources[isLocale(locale) ? locale : "en"].translation.checkout.shipping;
  return { flat_rate: names.flat_rate, free_shipping: names.free_shipping, local_pickup: names.local_pickup };
}

/** The rates the first zone holding `destination` offers for the package (none: the store does not ship there). */
export async function shippingRatesFor(
  context: { db: Database; locale: string },
  destination: ShippingDestination,
  pkg: readonly PackageLine[],
  ctx: RatesContext,
): Promise<ShippingChoice[]> {
  const zone = matchZone(await loadShippingZones(context.db), destination);
  return zone ? packageRates(zone.methods, pkg, ctx, methodNames(context.locale)) : [];
}

// The owner's side: the REST API's zones, locations and methods.

const zoneRecordOf = (zone: ShippingZone): ZoneRecord => ({
  id: zone.id,
  name: zone.id === REST_OF_WORLD_ZONE_ID ? REST_OF_WORLD_NAME : zone.name,
  order: zone.order,
});

/** Zone 0 first, then the owner's zones in their order (as WooCommerce lists them). */
export async function listZones(db: Database): Promise<ZoneRecord[]> {
  const zones = await readZones(db);
  return [
    ...zones.filter((zone) => zone.id === REST_OF_WORLD_ZONE_ID),
    ...zones.filter((zone) => zone.id !== REST_OF_WORLD_ZONE_ID),
  ].map(zoneRecordOf);
}

export async function readZone(db: Database, id: number): Promise<ShippingZone | null> {
  return (await readZones(db)).find((zone) => zone.id === id) ?? null;
}

export async function zoneRecord(db: Database, id: number): Promise<ZoneRecord | null> {
  const zone = await readZone(db, id);
  return zone ? zoneRecordOf(zone) : null;
}

/** A new zone, last in the order unless given one. */
export async function createZone(db: Database, input: ZoneInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ order: max(shippingZones.order) }).from(shippingZones);
    const [row] = await tx
      .insert(shippingZones)
      .values({ name: input.name, order: input.order ?? (last?.order ?? 0) + 1 })
      .returning({ id: shippingZones.id });
    return row!.id;
  });
}

function changeable(id: number): void {
  if (id === REST_OF_WORLD_ZONE_ID) throw new ShippingZoneError("rest_of_world");
}

export async function updateZone(db: Database, id: number, input: ZoneInput): Promise<boolean> {
  changeable(id);
  const set = { name: input.name, ...(input.order === undefined ? {} : { order: input.order }) };
  const rows = await db
    .update(shippingZones)
    .set(set)
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  return rows.length > 0;
}

/** Deletes a zone with its locations and methods (zone 0 stays). */
export async function deleteZone(db: Database, id: number): Promise<boolean> {
  changeable(id);
  const rows = await db
    .delete(shippingZones)
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  return rows.length > 0;
}

/** Puts the zones in the given order (ids not named keep their place after those named). */
export async function arrangeZones(db: Database, ids: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    // The zones are locked first, in one order (by id) whatever order is saved: two owners saving
    // at once take turns, where each would hold a zone the other waits for (a deadlock).
    if (ids.length > 0)
      await tx
        .select({ id: shippingZones.id })
        .from(shippingZones)
        .where(inArray(shippingZones.id, [...ids]))
        .orderBy(asc(shippingZones.id))
        .for("update");
    for (const [index, id] of ids.entries())
      await tx
        .update(shippingZones)
        .set({ order: index + 1 })
        .where(and(eq(shippingZones.id, id), ne(shippingZones.id, REST_OF_WORLD_ZONE_ID)));
  });
}

/** Replaces a zone's locations, in one transaction. False: no such zone. */
export async function setZoneLocations(
  db: Database,
  id: number,
  locations: readonly ZoneLocation[],
): Promise<boolean> {
  changeable(id);
  return db.transaction(async (tx) => {
    const [zone] = await tx
      .select({ id: shippingZones.id })
      .from(shippingZones)
      .where(eq(shippingZones.id, id))
      .for("update");
    if (!zone) return false;
    await tx.delete(shippingZoneLocations).where(eq(shippingZoneLocations.zoneId, id));
    const unique = [
      ...new Map(locations.map((l) => [`${l.type}:${l.code.trim().toUpperCase()}`, l])).values(),
    ];
    if (unique.length > 0)
      await tx
        .insert(shippingZoneLocations)
        .values(unique.map((l) => ({ zoneId: id, type: l.type, code: l.code.trim().toUpperCase() })));
    return true;
  });
}

async function classIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: shippingClasses.id })
    .from(shippingClasses)
    .orderBy(asc(shippingClasses.id));
  return rows.map((row) => row.id);
}

/** A zone's methods as the REST API answers them; null: no such zone. */
export async function zoneMethods(db: Database, zoneId: number): Promise<MethodRecord[] | null> {
  const zone = await readZone(db, zoneId);
  if (!zone) return null;
  const ids = await classIds(db);
  return zone.methods.map((method) => methodRecord(method, ids));
}

export async function zoneMethod(
  db: Database,
  zoneId: number,
  instanceId: number,
): Promise<MethodRecord | null> {
  return (await zoneMethods(db, zoneId))?.find((method) => method.instance_id === instanceId) ?? null;
}

function settingsOrRefusal(
  methodId: ShippingMethodType,
  current: ShippingMethodInstance["settings"] | null,
  patch: Record<string, string> | undefined,
) {
  const merged = mergedMethodSettings(methodId, current, patch ?? {});
  if (!merged.ok)
    throw new AdminInputError("rest_invalid_param", `Invalid parameter: ${merged.param}`, merged.param);
  return merged.settings;
}

/** Adds a method to a zone, last unless given an order; its instance id, or null: no such zone. */
export async function addZoneMethod(
  db: Database,
  zoneId: number,
  input: MethodUpdateInput & { method_id: ShippingMethodType },
): Promise<number | null> {
  const settings = settingsOrRefusal(input.method_id, null, input.settings);
  return db.transaction(async (tx) => {
    const [zone] = await tx
      .select({ id: shippingZones.id })
      .from(shippingZones)
      .where(eq(shippingZones.id, zoneId))
      .for("update");
    if (!zone) return null;
    const [last] = await tx
      .select({ order: max(shippingZoneMethods.order) })
      .from(shippingZoneMethods)
      .where(eq(shippingZoneMethods.zoneId, zoneId));
    const [row] = await tx
      .insert(shippingZoneMethods)
      .values({
        zoneId,
        methodId: input.method_id,
        order: input.order ?? (last?.order ?? 0) + 1,
        enabled: input.enabled ?? true,
        settings,
      })
      .returning({ id: shippingZoneMethods.id });
    return row!.id;
  });
}

/** Changes a method's order, state or settings (a patch over the stored ones). False: not in that zone. */
export async function updateZoneMethod(
  db: Database,
  zoneId: number,
  instanceId: number,
  input: MethodUpdateInput,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(shippingZoneMethods)
      .where(and(eq(shippingZoneMethods.id, instanceId), eq(shippingZoneMethods.zoneId, zoneId)))
      .for("update");
    if (!row) return false;
    const current = methodInstance({ ...row, instanceId: row.id }).settings;
    await tx
      .update(shippingZoneMethods)
      .set({
        ...(input.order === undefined ? {} : { order: input.order }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        settings: settingsOrRefusal(row.methodId, current, input.settings),
      })
      .where(eq(shippingZoneMethods.id, instanceId));
    return true;
  });
}

export async function deleteZoneMethod(db: Database, zoneId: number, instanceId: number): Promise<boolean> {
  const rows = await db
    .delete(shippingZoneMethods)
    .where(and(eq(shippingZoneMethods.id, instanceId), eq(shippingZoneMethods.zoneId, zoneId)))
    .returning({ id: shippingZoneMethods.id });
  return rows.length > 0;
}

/** A zone's locations; null: no such zone. */
export async function zoneLocations(db: Database, id: number): Promise<ZoneLocation[] | null> {
  const rows = await db
    .select({ type: shippingZoneLocations.type, code: shippingZoneLocations.code, zone: shippingZones.id })
    .from(shippingZones)
    .leftJoin(shippingZoneLocations, eq(shippingZoneLocations.zoneId, shippingZones.id))
    .where(eq(shippingZones.id, id))
    .orderBy(asc(shippingZoneLocations.id));
  if (rows.length === 0) return null;
  return rows.flatMap((row) => (row.type && row.code !== null ? [{ type: row.type, code: row.code }] : []));
}

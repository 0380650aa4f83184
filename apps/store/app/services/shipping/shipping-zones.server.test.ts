import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { products, selectRows, settings, shippingZones } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { addToCart } from "../cart/cart.server.ts";
import { insertSession, insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { checkoutShippingChoice } from "./shipping-checkout.server.ts";
import { createShippingClass } from "./shipping-classes.server.ts";
import { insertStoreShipping } from "./shipping-fixtures.test-helper.ts";
import {
  addZoneMethod,
  arrangeZones,
  createZone,
  deleteZone,
  forgetShippingZones,
  listZones,
  loadShippingZones,
  setZoneLocations,
  shippingRatesFor,
  updateZoneMethod,
} from "./shipping-zones.server.ts";

const madrid = { country: "ES", state: "M", postcode: "28013" };
const texas = { country: "US", state: "TX", postcode: "73301" };
const noCoupon = { freeShippingCoupon: false, subtotal: 0, discount: 0 };

describe.each(await availableDialects())("shipping zones on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    await insertStoreShipping(database.db);
  });

  it("a new store ships everywhere by flat rate (5.00) or free local pickup, from zone 0", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      const rates = await shippingRatesFor({ db: fresh.db, locale: "es" }, texas, [], noCoupon);
      expect(rates).toEqual([
        { id: "flat_rate:1", label: "Precio fijo", cost: 500, taxable: true },
        { id: "local_pickup:2", label: "Recogida local", cost: 0, taxable: true },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it("offers the first matching zone's methods, and keeps the zones in memory until told", async () => {
    const db = database.db;
    const spain = await createZone(db, { name: "Madrid" });
    await setZoneLocations(db, spain, [
      { type: "country", code: "ES" },
      { type: "postcode", code: "28*" },
    ]);
    const flat = await addZoneMethod(db, spain, {
      method_id: "flat_rate",
      settings: { title: "Courier", cost: "3 + [qty]" },
    });
    const pkg = [{ quantity: 2, shippingClassId: null, lineTotal: 2000 }];
    expect(await shippingRatesFor({ db, locale: "en" }, madrid, pkg, noCoupon)).toEqual([
      { id: `flat_rate:${flat}`, label: "Courier", cost: 500, taxable: true },
    ]);
    // Barcelona is not in the Madrid zone: zone 0's methods.
    const barcelona = await shippingRatesFor(
      { db, locale: "en" },
      { ...madrid, postcode: "08001" },
      pkg,
      noCoupon,
    );
    expect(barcelona.map((rate) => rate.id)).toEqual(["flat_rate:1", "local_pickup:2"]);
    // A change not announced is not seen; once the copy is forgotten it is.
    await updateZoneMethod(db, spain, flat!, { settings: { cost: "9" } });
    expect((await shippingRatesFor({ db, locale: "en" }, madrid, pkg, noCoupon))[0]?.cost).toBe(500);
    forgetShippingZones(db);
    expect((await shippingRatesFor({ db, locale: "en" }, madrid, pkg, noCoupon))[0]?.cost).toBe(900);
    await deleteZone(db, spain);
    forgetShippingZones(db);
    expect((await loadShippingZones(db)).map((zone) => zone.id)).toEqual([0]);
  });

  it("resolves a checkout's rate by its id or by its method's id alone, pricing the owner's cart", async () => {
    const db = database.db;
    const owner = await insertSession(db, "s1");
    const bulky = await createShippingClass(db, { name: "Bulky" });
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1500, stock: 10 });
    await db.update(products).set({ shippingClassId: bulky }).where(eq(products.id, mug.id));
    await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 3 });
    const zone = await createZone(db, { name: "Spain" });
    await setZoneLocations(db, zone, [{ type: "country", code: "ES" }]);
    const flat = await addZoneMethod(db, zone, {
      method_id: "flat_rate",
      settings: { cost: "2", [`class_cost_${bulky}`]: "1 * [qty]" },
    });
    const free = await addZoneMethod(db, zone, {
      method_id: "free_shipping",
      settings: { requires: "min_amount", min_amount: "45" },
    });
    forgetShippingZones(db);
    const context = { db, locale: "en", settings: parseStoreSettings({}) };
    expect(
      await checkoutShippingChoice(context, { owner, address: madrid, requested: `flat_rate:${flat}` }),
    ).toEqual({
      id: `flat_rate:${flat}`,
      label: "Flat rate",
      cost: 500,
      taxable: true,
    });
    expect(
      (await checkoutShippingChoice(context, { owner, address: madrid, requested: "flat_rate" }))?.id,
    ).toBe(`flat_rate:${flat}`);
    expect(
      (await checkoutShippingChoice(context, { owner, address: madrid, requested: "free_shipping" }))?.id,
    ).toBe(`free_shipping:${free}`);
    // Zone 0's rate is not offered in Spain, nor a method the zone lacks.
    expect(
      await checkoutShippingChoice(context, { owner, address: madrid, requested: "flat_rate:1" }),
    ).toBeUndefined();
    expect(
      await checkoutShippingChoice(context, { owner, address: madrid, requested: "local_pickup" }),
    ).toBeUndefined();
  });

  it("migration 0023 turns the settings' methods into zones with the same methods, costs and countries", async () => {
    const db = database.db;
    await db.delete(shippingZones);
    await db.insert(settings).values({
      key: "store",
      value: {
        shipping: {
          flat_rate: { enabled: true, cost: 750, countries: ["ES", "FR"] },
          local_pickup: { enabled: false, cost: 0, countries: ["ES"] },
        },
      },
    });
    const migration = readFileSync(
      fileURLToPath(
        new URL("../../../../../packages/db/migrations/0023_shipping_zones.sql", import.meta.url),
      ),
      "utf8",
    );
    const data = migration.slice(migration.indexOf("-- Zone 0"));
    for (const statement of data.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    forgetShippingZones(db);
    const zones = await loadShippingZones(db);
    expect(
      zones.map((zone) => ({
        name: zone.name,
        locations: zone.locations,
        methods: zone.methods.map((method) => [
          method.methodId,
          method.enabled,
          "cost" in method.settings ? method.settings.cost : "",
        ]),
      })),
    ).toEqual([
      { name: "", locations: [], methods: [] },
      {
        name: "ES",
        locations: [{ type: "country", code: "ES" }],
        methods: [
          ["flat_rate", true, "7.50"],
          ["local_pickup", false, "0.00"],
        ],
      },
      { name: "FR", locations: [{ type: "country", code: "FR" }], methods: [["flat_rate", true, "7.50"]] },
    ]);
    expect((await shippingRatesFor({ db, locale: "en" }, texas, [], noCoupon)).length).toBe(0);
    expect(
      (await shippingRatesFor({ db, locale: "en" }, madrid, [], noCoupon)).map((rate) => rate.cost),
    ).toEqual([750]);
  });
});

// Only PostgreSQL has a second connection: two owners save the zones' order at the same moment.
describe.each((await availableDialects()).filter((dialect) => dialect === "postgres"))(
  "the zones' order saved twice at once on %s",
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.close());
    beforeEach(() => database.reset());

    it("saves both owners' orders one after the other, neither refused for a deadlock", async () => {
      const { db } = database;
      const first = await createZone(db, { name: "Spain" });
      const second = await createZone(db, { name: "France" });
      // A third writer holds Spain's row, so both saves are under way before either can finish.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${shippingZones} where ${shippingZones.id} = ${first} for update`);
        locked();
        await held;
      });
      onTestFinished(release);
      await holding;
      const waiting = async () =>
        (
          await selectRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          )
        )[0]?.n;
      const one = arrangeZones(db, [first, second]);
      await expect.poll(waiting).toBe(1);
      const other = arrangeZones(db, [second, first]);
      await expect.poll(waiting).toBe(2);

      release();
      await holder;
      const saved = await Promise.allSettled([one, other]);
      expect(saved.map((result) => (result.status === "rejected" ? String(result.reason) : "saved"))).toEqual(
        ["saved", "saved"],
      );
      // The later save stands.
      expect((await listZones(db)).map((zone) => zone.name).slice(1)).toEqual(["France", "Spain"]);
    });
  },
);

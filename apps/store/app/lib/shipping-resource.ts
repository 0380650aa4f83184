import { z } from "zod";
import { countries } from "./checkout-schema.ts";
import { decimalFraction, isCostExpression } from "./shipping/cost-expression.ts";
import {
  FREE_SHIPPING_REQUIRES,
  flatRateSettings,
  freeShippingSettings,
  localPickupSettings,
  METHOD_NAMES,
  SHIPPING_METHOD_TYPES,
  type ShippingMethodInstance,
  type ShippingMethodType,
} from "./shipping/shipping-methods.ts";
import { CONTINENTS, type ZoneLocation } from "./shipping/zone-matching.ts";

/**
 * Shipping zones, their locations and methods, and shipping classes as REST resources in the shape
 * of WooCommerce's `wc/v3` (`/shipping/zones`, `/shipping/zones/{id}/locations|methods`,
 * `/products/shipping_classes`; decision 0069). A method's settings go out as WooCommerce's
 * `{key: {id, label, type, value}}` with string values and come in as `{key: "value"}`.
 */

export const zoneInput = z.object({
  name: z.string().trim().min(1).max(100),
  order: z.number().int().min(0).max(100_000).optional(),
});
export type ZoneInput = z.infer<typeof zoneInput>;
export type ZoneRecord = { id: number; name: string; order: number };

/** The zones' new order: every zone id (but 0) in the order the owner wants them. */
export const zoneArrangement = z.array(z.number().int().min(1)).max(1000);

const stateCodes = Object.entries(countries).flatMap(([country, states]) =>
  states.map((state) => `${country}:${state}`),
);
const postcodeRule = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9 *-]+(\.\.\.[A-Za-z0-9 -]+)?$/);

export const zoneLocationInput = z.discriminatedUnion("type", [
  z.object({ type: z.literal("country"), code: z.enum(Object.keys(countries) as [string, ...string[]]) }),
  z.object({ type: z.literal("state"), code: z.enum(stateCodes as [string, ...string[]]) }),
  z.object({ type: z.literal("continent"), code: z.enum(CONTINENTS) }),
  z.object({ type: z.literal("postcode"), code: postcodeRule }),
]);
export const zoneLocationsInput = z.array(zoneLocationInput).max(500);
export type ZoneLocationRecord = ZoneLocation;

/** WooCommerce's boolean settings are "yes" and "no". */
const yesNo = z.enum(["yes", "no"]);

/** A method's settings as the REST API takes them: WooCommerce's option names, string values. */
const restSettings = {
  flat_rate: z
    .object({
      title: z.string(),
      tax_status: z.string(),
      cost: z.string(),
      no_class_cost: z.string(),
      type: z.string(),
    })
    .partial()
    .catchall(z.string())
    .refine((value) =>
      Object.keys(value).every((key) =>
        /^(title|tax_status|cost|no_class_cost|type|class_cost_\d{1,10})$/.test(key),
      ),
    ),
  free_shipping: z
    .object({
      title: z.string(),
      requires: z.enum(FREE_SHIPPING_REQUIRES),
      min_amount: z.string(),
      ignore_discounts: yesNo,
    })
    .partial()
    .strict(),
  local_pickup: z.object({ title: z.string(), tax_status: z.string(), cost: z.string() }).partial().strict(),
};

export const methodCreateInput = z.object({
  method_id: z.enum(SHIPPING_METHOD_TYPES),
  order: z.number().int().min(0).max(100_000).optional(),
  enabled: z.boolean().optional(),
  settings: z.record(z.string(), z.string()).optional(),
});
export const methodUpdateInput = methodCreateInput.omit({ method_id: true });
export type MethodUpdateInput = z.infer<typeof methodUpdateInput>;

/**
 * A method's stored settings with a REST patch laid over them, checked by the method's schema; a
 * refusal names the setting (`settings.cost`). WooCommerce's flat `class_cost_<id>` options are
 * the stored `class_costs` by class id.
 */
export function mergedMethodSettings(
  methodId: ShippingMethodType,
  current: ShippingMethodInstance["settings"] | null,
  patch: Record<string, string>,
): { ok: true; settings: ShippingMethodInstance["settings"] } | { ok: false; param: string } {
  const shape = restSettings[methodId].safeParse(patch);
  if (!shape.success)
    return {
      ok: false,
      param: `settings.${String(shape.error.issues[0]?.path[0] ?? "")}`.replace(/\.$/, ""),
    };
  const base: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    const classCost = /^class_cost_(\d+)$/.exec(key);
    if (classCost) {
      const costs = { ...((base.class_costs as Record<string, string> | undefined) ?? {}) };
      if (value.trim() === "") delete costs[classCost[1]!];
      else costs[classCost[1]!] = value;
      base.class_costs = costs;
    } else if (key === "ignore_discounts") base.ignore_discounts = value === "yes";
    else base[key] = value;
  }
  const schema = {
    flat_rate: flatRateSettings,
    free_shipping: freeShippingSettings,
    local_pickup: localPickupSettings,
  }[methodId];
  const result = schema.strict().safeParse(base);
  if (!result.success) {
    const path = result.error.issues[0]?.path ?? [];
    const key = path[0] === "class_costs" ? `class_cost_${String(path[1])}` : String(path[0] ?? "");
    return { ok: false, param: `settings.${key}` };
  }
  return { ok: true, settings: result.data };
}

export type MethodSetting = { id: string; label: string; type: string; value: string };

export type MethodRecord = {
  id: number;
  instance_id: number;
  title: string;
  order: number;
  enabled: boolean;
  method_id: ShippingMethodType;
  method_title: string;
  settings: Record<string, MethodSetting>;
};

/** A method as the REST API answers it. `classIds`: the store's classes, each with its cost option. */
export function methodRecord(method: ShippingMethodInstance, classIds: readonly number[]): MethodRecord {
  const setting = (id: string, type: string, value: string): [string, MethodSetting] => [
    id,
    { id, label: id, type, value },
  ];
  const entries: Array<[string, MethodSetting]> = [setting("title", "text", method.settings.title)];
  if (method.methodId === "flat_rate") {
    const s = method.settings;
    entries.push(setting("tax_status", "select", s.tax_status), setting("cost", "text", s.cost));
    for (const id of classIds)
      entries.push(setting(`class_cost_${id}`, "text", s.class_costs[String(id)] ?? ""));
    entries.push(setting("no_class_cost", "text", s.no_class_cost), setting("type", "select", s.type));
  } else if (method.methodId === "free_shipping") {
    const s = method.settings;
    entries.push(
      setting("requires", "select", s.requires),
      setting("min_amount", "price", s.min_amount),
      setting("ignore_discounts", "checkbox", s.ignore_discounts ? "yes" : "no"),
    );
  } else {
    entries.push(
      setting("tax_status", "select", method.settings.tax_status),
      setting("cost", "text", method.settings.cost),
    );
  }
  return {
    id: method.instanceId,
    instance_id: method.instanceId,
    title: method.settings.title || METHOD_NAMES[method.methodId],
    order: method.order,
    enabled: method.enabled,
    method_id: method.methodId,
    method_title: METHOD_NAMES[method.methodId],
    settings: Object.fromEntries(entries),
  };
}

export const shippingClassInput = z.object({
  name: z.string().trim().min(1).max(100),
  slug: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9-]*$/)
    .optional(),
  description: z.string().trim().max(1000).optional(),
});
export type ShippingClassInput = z.infer<typeof shippingClassInput>;
export type ShippingClassRecord = {
  id: number;
  name: string;
  slug: string;
  description: string;
  count: number;
};

/** Whether a text is a cost expression a flat rate takes (for the back office's own check). */
export const validCost = (value: string) => value.trim() === "" || isCostExpression(value);
/** Whether a text is an amount ("" none). */
export const validAmount = (value: string) => value.trim() === "" || decimalFraction(value) !== null;

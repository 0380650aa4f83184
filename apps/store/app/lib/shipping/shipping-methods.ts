import { z } from "zod";
import { decimalFraction, isCostExpression } from "./cost-expression.ts";

/**
 * The shipping methods a zone can hold, in WooCommerce's model, and each one's settings as stored
 * (`shipping_zone_methods.settings`) and as the REST API takes them. Amounts are decimal strings in
 * the store's currency ("4.95"), as WooCommerce's forms take them; pricing turns them into cents.
 */
export const SHIPPING_METHOD_TYPES = ["flat_rate", "free_shipping", "local_pickup"] as const;
export type ShippingMethodType = (typeof SHIPPING_METHOD_TYPES)[number];

/** The name the shopper sees; "" shows the method's own name in the shopper's language. */
const title = z.string().trim().max(100);
const taxStatus = z.enum(["taxable", "none"]);
/** A cost expression (flat rate) or "" (none). */
const costExpression = z
  .string()
  .trim()
  .max(200)
  .refine((value) => value === "" || isCostExpression(value));
/** A plain amount, "" meaning none. */
const amount = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === "" || decimalFraction(value) !== null);

export const flatRateSettings = z.object({
  title: title.default(""),
  tax_status: taxStatus.default("taxable"),
  cost: costExpression.default(""),
  /** A cost per shipping class, by the class's id; "" or absent: none. */
  class_costs: z.record(z.string().regex(/^\d{1,10}$/), costExpression).default({}),
  /** The cost of the items with no shipping class. */
  no_class_cost: costExpression.default(""),
  /** "class": every class's cost added up; "order": only the dearest class's. */
  type: z.enum(["class", "order"]).default("class"),
});

export const FREE_SHIPPING_REQUIRES = ["", "coupon", "min_amount", "either", "both"] as const;

export const freeShippingSettings = z.object({
  title: title.default(""),
  requires: z.enum(FREE_SHIPPING_REQUIRES).default(""),
  min_amount: amount.default(""),
  /** The minimum is compared with the subtotal before coupons' discounts. */
  ignore_discounts: z.boolean().default(false),
});

export const localPickupSettings = z.object({
  title: title.default(""),
  tax_status: taxStatus.default("taxable"),
  cost: amount.default(""),
});

/** The methods' own names, used where the owner gave a method no title. */
export const METHOD_NAMES: Record<ShippingMethodType, string> = {
  flat_rate: "Flat rate",
  free_shipping: "Free shipping",
  local_pickup: "Local pickup",
};

export type FlatRateSettings = z.infer<typeof flatRateSettings>;
export type FreeShippingSettings = z.infer<typeof freeShippingSettings>;
export type LocalPickupSettings = z.infer<typeof localPickupSettings>;

export const methodSettingsSchemas = {
  flat_rate: flatRateSettings,
  free_shipping: freeShippingSettings,
  local_pickup: localPickupSettings,
} as const;

/** A method as a zone holds it: its instance id is its row's id. */
export type ShippingMethodInstance = { instanceId: number; order: number; enabled: boolean } & (
  | { methodId: "flat_rate"; settings: FlatRateSettings }
  | { methodId: "free_shipping"; settings: FreeShippingSettings }
  | { methodId: "local_pickup"; settings: LocalPickupSettings }
);

/** A method from its row's parts, typed by its method id. */
export function methodInstance(row: {
  instanceId: number;
  order: number;
  enabled: boolean;
  methodId: ShippingMethodType;
  settings: unknown;
}): ShippingMethodInstance {
  const base = { instanceId: row.instanceId, order: row.order, enabled: row.enabled };
  if (row.methodId === "flat_rate")
    return {
      ...base,
      methodId: "flat_rate",
      settings: flatRateSettings.catch(flatRateSettings.parse({})).parse(row.settings ?? {}),
    };
  if (row.methodId === "free_shipping")
    return {
      ...base,
      methodId: "free_shipping",
      settings: freeShippingSettings.catch(freeShippingSettings.parse({})).parse(row.settings ?? {}),
    };
  return {
    ...base,
    methodId: "local_pickup",
    settings: localPickupSettings.catch(localPickupSettings.parse({})).parse(row.settings ?? {}),
  };
}

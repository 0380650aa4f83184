import { z } from "zod";
import { centsFromText, moneyText } from "./money-text.ts";

/**
 * The coupon as a REST resource, in the shape of WooCommerce's `wc/v3/coupons` (issue 41, decision
 * 0068): what a save sends (`couponInput`) and what a read answers (`CouponRecord`). The REST route
 * parses with it, the service takes its types, and the back office's form checks its body with it.
 * Amounts are decimal strings as WooCommerce writes them ("10.00"); the database keeps minor units.
 */

export const couponDiscountTypes = ["percent", "fixed_cart", "fixed_product"] as const;

const ids = z.array(z.number().int().positive().max(2_147_483_647)).max(1000);
const limit = z.number().int().min(0).max(2_147_483_647).nullable();
/** A decimal amount ("10", "10.5", "10.00"); "" is none. */
const decimal = z
  .string()
  .trim()
  .max(20)
  .regex(/^(\d{1,10}([.,]\d{0,4})?)?$/, "Enter an amount such as 10.00.");
/** An allowed e-mail: an address, or one with `*` wildcards ("*@example.com"). */
const emailPattern = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, "Enter an e-mail address; * stands for any characters.");
/** A coupon code: WooCommerce trims it and keeps it in lower case. */
export const couponCode = z
  .string()
  .trim()
  .min(1, "Enter a coupon code.")
  .max(100)
  .transform((code) => code.toLowerCase());
const dateExpires = z
  .string()
  .trim()
  .max(40)
  .refine((value) => value === "" || !Number.isNaN(Date.parse(value)), "Enter a date.")
  .nullable();

export const couponInput = z
  .object({
    code: couponCode,
    discount_type: z.enum(couponDiscountTypes),
    amount: decimal,
    description: z.string().max(5000),
    date_expires: dateExpires,
    individual_use: z.boolean(),
    product_ids: ids,
    excluded_product_ids: ids,
    usage_limit: limit,
    usage_limit_per_user: limit,
    limit_usage_to_x_items: limit,
    free_shipping: z.boolean(),
    product_categories: ids,
    excluded_product_categories: ids,
    exclude_sale_items: z.boolean(),
    minimum_amount: decimal,
    maximum_amount: decimal,
    email_restrictions: z.array(emailPattern).max(500),
  })
  .partial()
  .strict();

/** `POST /coupons`: a new coupon names its code at least. */
export const couponCreateInput = couponInput.required({ code: true });

/** `POST /coupons/batch`, as WooCommerce's batch endpoints take it. */
export const couponBatchInput = z
  .object({
    create: z.array(z.unknown()).max(100).default([]),
    update: z.array(z.unknown()).max(100).default([]),
    delete: z.array(z.number().int().positive()).max(100).default([]),
  })
  .strict();

export type CouponInput = z.infer<typeof couponInput>;

export type CouponRecord = {
  id: number;
  code: string;
  amount: string;
  discount_type: (typeof couponDiscountTypes)[number];
  description: string;
  date_created: string;
  date_modified: string;
  date_expires: string | null;
  usage_count: number;
  individual_use: boolean;
  product_ids: number[];
  excluded_product_ids: number[];
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number | null;
  free_shipping: boolean;
  product_categories: number[];
  excluded_product_categories: number[];
  exclude_sale_items: boolean;
  minimum_amount: string;
  maximum_amount: string;
  email_restrictions: string[];
  /** Who used it: account ids as strings, else billing e-mails, one per use (WooCommerce's `used_by`). */
  used_by: string[];
};

/** A decimal amount ("10", "10,5") as the stored text: minor units for money, the percent itself. */
export function storedAmount(type: CouponRecord["discount_type"], amount: string): string {
  const text = amount.trim().replace(",", ".");
  if (text === "") return "0";
  if (type !== "percent") return String(centsFromText(text) ?? 0);
  const [whole = "0", fraction = ""] = text.split(".");
  const trimmed = fraction.slice(0, 4).replace(/0+$/, "");
  return `${Number(whole)}${trimmed ? `.${trimmed}` : ""}`;
}

/** The stored amount as WooCommerce writes it: "10.00" (a percent keeps its own decimals). */
export function amountText(type: CouponRecord["discount_type"], stored: string): string {
  if (type !== "percent") return moneyText(Number(stored));
  const [whole = "0", fraction = ""] = stored.split(".");
  return `${whole}.${fraction.padEnd(2, "0")}`;
}

/** A spend ("50.00", "") as minor units, or null for none. */
export function spendCents(text: string | undefined): number | null {
  if (text === undefined || text.trim() === "") return null;
  const cents = centsFromText(text);
  return cents && cents > 0 ? cents : null;
}

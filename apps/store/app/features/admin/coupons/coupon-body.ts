import type { CouponInput, CouponRecord } from "../../../lib/coupon-resource.ts";

/** What the coupon form sends: every field it edits, in the REST API's shape (`couponInput`). */
export type CouponFormBody = Required<Omit<CouponInput, "code">> & { code: string };

/** "3, 4,5" → [3, 4, 5]: ids as the form's text fields hold them (WooCommerce's lists of ids). */
export function idList(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
}

const limit = (text: string): number | null => (text.trim() === "" ? null : Number(text));

/** Reads the form back into the body `POST|PUT /coupons` takes. */
export function couponBody(form: HTMLFormElement): CouponFormBody {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  const date = text("date_expires");
  return {
    code: text("code"),
    description: text("description"),
    discount_type: text("discount_type") as CouponRecord["discount_type"],
    amount: text("amount"),
    free_shipping: data.get("free_shipping") === "on",
    date_expires: date === "" ? null : `${date}T00:00:00.000Z`,
    minimum_amount: text("minimum_amount"),
    maximum_amount: text("maximum_amount"),
    individual_use: data.get("individual_use") === "on",
    exclude_sale_items: data.get("exclude_sale_items") === "on",
    product_ids: idList(text("product_ids")),
    excluded_product_ids: idList(text("excluded_product_ids")),
    product_categories: idList(text("product_categories")),
    excluded_product_categories: idList(text("excluded_product_categories")),
    email_restrictions: text("email_restrictions")
      .split(/[\s,]+/)
      .filter(Boolean),
    usage_limit: limit(text("usage_limit")),
    limit_usage_to_x_items: limit(text("limit_usage_to_x_items")),
    usage_limit_per_user: limit(text("usage_limit_per_user")),
  };
}

import { coupons, couponUsages, type Database, orderCouponLines, orders } from "@vitrine/db";
import { and, asc, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import {
  amountText,
  type CouponInput,
  type CouponRecord,
  spendCents,
  storedAmount,
} from "../../lib/coupon-resource.ts";
import { moneyText } from "../../lib/money-text.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";
import type { CouponRow } from "./coupons.server.ts";

/**
 * The owner's coupons (issue 41, decision 0068): listed, read, created, changed and deleted by the
 * REST API (`/coupons`, in `wc/v3/coupons`' shape) and the back office, which writes through it.
 */

const usedBy = sql<string[]>`coalesce((
  select array_agg(coalesce(${couponUsages.userId}::text, ${couponUsages.email}) order by ${couponUsages.id})
  from ${couponUsages} where ${couponUsages.couponId} = ${coupons.id}), '{}')`;

function recordOf(row: CouponRow & { usedBy: string[] }): CouponRecord {
  return {
    id: row.id,
    code: row.code,
    amount: amountText(row.type, row.amount),
    discount_type: row.type,
    description: row.description,
    date_created: row.createdAt.toISOString(),
    date_modified: row.updatedAt.toISOString(),
    date_expires: row.expiresAt?.toISOString() ?? null,
    usage_count: row.usageCount,
    individual_use: row.individualUse,
    product_ids: row.productIds,
    excluded_product_ids: row.excludedProductIds,
    usage_limit: row.usageLimit,
    usage_limit_per_user: row.usageLimitPerUser,
    limit_usage_to_x_items: row.limitUsageToXItems,
    free_shipping: row.freeShipping,
    product_categories: row.categoryIds,
    excluded_product_categories: row.excludedCategoryIds,
    exclude_sale_items: row.excludeSaleItems,
    minimum_amount: row.minimumAmount === null ? "0.00" : moneyText(row.minimumAmount),
    maximum_amount: row.maximumAmount === null ? "0.00" : moneyText(row.maximumAmount),
    email_restrictions: row.emailRestrictions,
    used_by: row.usedBy,
  };
}

export type CouponListQuery = { page: number; perPage: number; search?: string; code?: string };

/** A page of coupons, newest first, with the total that match. */
export async function listCoupons(
  db: Database,
  query: CouponListQuery,
): Promise<{ records: CouponRecord[]; total: number }> {
  const where = and(
    query.search
      ? ilike(coupons.code, `%${query.search.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`)
      : undefined,
    query.code ? eq(coupons.code, query.code.trim().toLowerCase()) : undefined,
  );
  const rows = await db
    .select({ coupon: coupons, usedBy, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return {
    records: rows.map((row) => recordOf({ ...row.coupon, usedBy: row.usedBy })),
    total: rows[0]?.total ?? 0,
  };
}

export async function couponForAdmin(db: Database, id: number): Promise<CouponRecord | null> {
  const [row] = await db.select({ coupon: coupons, usedBy }).from(coupons).where(eq(coupons.id, id));
  return row ? recordOf({ ...row.coupon, usedBy: row.usedBy }) : null;
}

/** The input's fields as the table's columns; what the input leaves out is left as it is. */
function columnsOf(input: CouponInput, type: CouponRecord["discount_type"]) {
  const date = input.date_expires;
  return {
    code: input.code,
    type: input.discount_type,
    amount: input.amount === undefined ? undefined : storedAmount(type, input.amount),
    description: input.description,
    expiresAt: date === undefined ? undefined : date === null || date === "" ? null : new Date(date),
    individualUse: input.individual_use,
    productIds: input.product_ids,
    excludedProductIds: input.excluded_product_ids,
    usageLimit: input.usage_limit === 0 ? null : input.usage_limit,
    usageLimitPerUser: input.usage_limit_per_user === 0 ? null : input.usage_limit_per_user,
    limitUsageToXItems: input.limit_usage_to_x_items === 0 ? null : input.limit_usage_to_x_items,
    freeShipping: input.free_shipping,
    categoryIds: input.product_categories,
    excludedCategoryIds: input.excluded_product_categories,
    excludeSaleItems: input.exclude_sale_items,
    minimumAmount: input.minimum_amount === undefined ? undefined : spendCents(input.minimum_amount),
    maximumAmount: input.maximum_amount === undefined ? undefined : spendCents(input.maximum_amount),
    emailRestrictions: input.email_restrictions,
  };
}

function checked(input: CouponInput, type: CouponRecord["discount_type"]): void {
  if (type === "percent" && input.amount !== undefined && Number(storedAmount(type, input.amount)) > 100)
    throw new AdminInputError("rest_invalid_param", "A percentage discount is at most 100.", "amount");
  const min = spendCents(input.minimum_amount);
  const max = spendCents(input.maximum_amount);
  if (min !== null && max !== null && min > max)
    throw new AdminInputError(
      "rest_invalid_param",
      "The maximum spend must be at least the minimum spend.",
      "maximum_amount",
    );
}

async function saving<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (databaseRefusal(error)?.code === UNIQUE_VIOLATION)
      throw new AdminInputError(
        "woocommerce_rest_coupon_code_already_exists",
        "The coupon code already exists",
        "code",
      );
    throw error;
  }
}

export async function createCoupon(
  db: Database,
  input: CouponInput & { code: string },
): Promise<CouponRecord> {
  const type = input.discount_type ?? "fixed_cart";
  checked(input, type);
  const [row] = await saving(() =>
    db
      .insert(coupons)
      .values({ ...columnsOf(input, type), code: input.code, type })
      .returning({ id: coupons.id }),
  );
  return (await couponForAdmin(db, row!.id))!;
}

/** Changes what the input names; null when there is no such coupon. */
export async function updateCoupon(
  db: Database,
  id: number,
  input: CouponInput,
): Promise<CouponRecord | null> {
  const [current] = await db
    .select({ type: coupons.type, amount: coupons.amount })
    .from(coupons)
    .where(eq(coupons.id, id));
  if (!current) return null;
  const type = input.discount_type ?? current.type;
  // WooCommerce keeps one amount whatever the type ("5.00" is 5 % or 5.00 off): a type changed alone
  // keeps the amount's figure, stored as the new type stores it (minor units or the percent itself).
  const given =
    input.amount === undefined && type !== current.type
      ? { ...input, amount: amountText(current.type, current.amount) }
      : input;
  checked(given, type);
  const values = columnsOf(given, type);
  await saving(() =>
    db
      .update(coupons)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(coupons.id, id)),
  );
  return couponForAdmin(db, id);
}

/** Deletes the coupon and answers it as it was; null when there is none. */
export async function deleteCoupon(db: Database, id: number): Promise<CouponRecord | null> {
  const record = await couponForAdmin(db, id);
  if (!record) return null;
  await db.delete(coupons).where(eq(coupons.id, id));
  return record;
}

/** The orders that used a coupon (its order lines, newest first): for the coupon's page. */
export async function ordersUsingCoupon(db: Database, code: string, limit = 50) {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      total: orders.total,
      currency: orders.currency,
      createdAt: orders.createdAt,
      discount: orderCouponLines.discount,
    })
    .from(orderCouponLines)
    .innerJoin(orders, eq(orders.id, orderCouponLines.orderId))
    .where(eq(orderCouponLines.code, code.toLowerCase()))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Coupons by id, for a batch's deletes in one statement. */
export async function couponIds(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(inArray(coupons.id, ids))
    .orderBy(asc(coupons.id));
  return rows.map((row) => row.id);
}

/** A new coupon's form: WooCommerce's defaults (a fixed cart discount, no limits). */
export function newCouponDraft(): Omit<
  CouponRecord,
  "id" | "date_created" | "date_modified" | "usage_count" | "used_by"
> {
  return {
    code: "",
    amount: "0.00",
    discount_type: "fixed_cart",
    description: "",
    date_expires: null,
    individual_use: false,
    product_ids: [],
    excluded_product_ids: [],
    usage_limit: null,
    usage_limit_per_user: null,
    limit_usage_to_x_items: null,
    free_shipping: false,
    product_categories: [],
    excluded_product_categories: [],
    exclude_sale_items: false,
    minimum_amount: "0.00",
    maximum_amount: "0.00",
    email_restrictions: [],
  };
}

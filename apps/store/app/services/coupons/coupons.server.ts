import {
  cartCoupons,
  carts,
  categories,
  coupons,
  couponUsages,
  type Database,
  productCategories,
  type Transaction,
  users,
} from "@vitrine/db";
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { createI18n, type Locale } from "../../i18n/i18n.ts";
import {
  type CouponContext,
  type CouponRefusal,
  type CouponRefusalCode,
  type CouponRuleLine,
  couponRefusal,
  emailRefusal,
  normaliseCouponCode,
  refusalParams,
} from "../../lib/coupons/coupon-rules.ts";
import { type CartOwner, type CartView, cartOf, findCartId, loadCart } from "../cart/cart.server.ts";
import { categoryTexts } from "../shared/translations.server.ts";

/**
 * The shopper's coupons (issue 41, decision 0068): the codes applied to a cart (`cart_coupons`),
 * checked by the rules of `lib/coupons/coupon-rules.ts`; and an order's claim on a coupon's uses,
 * made inside the order's transaction so that a coupon's limit holds however many orders race for it.
 */

export type CouponRow = typeof coupons.$inferSelect;

/** The coupon with this code (any case, trimmed), or null. */
export async function findCoupon(db: Database | Transaction, code: string): Promise<CouponRow | null> {
  const normal = normaliseCouponCode(code);
  if (normal === "") return null;
  const [row] = await db.select().from(coupons).where(eq(coupons.code, normal));
  return row ?? null;
}

/** The coupons applied to the owner's cart, in the order applied (a deleted coupon drops out). */
export async function appliedCoupons(db: Database | Transaction, owner: CartOwner): Promise<CouponRow[]> {
  const rows = await db
    .select({ coupon: coupons })
    .from(cartCoupons)
    .innerJoin(carts, eq(carts.id, cartCoupons.cartId))
    .innerJoin(coupons, eq(coupons.code, cartCoupons.code))
    .where(cartOf(owner))
    .orderBy(asc(cartCoupons.appliedAt), asc(cartCoupons.code));
  return rows.map((row) => row.coupon);
}

/** The cart's lines as the rules read them: each with its product's categories and their names. */
export async function ruleLines(db: Database, cart: CartView, locale: Locale): Promise<CouponRuleLine[]> {
  const productIds = [...new Set(cart.lines.map((line) => line.productId))];
  const cats =
    productIds.length === 0
      ? []
      : await db
          .select({
            productId: productCategories.productId,
            id: categories.id,
            name: categoryTexts.text("name", locale, categories.slug),
          })
          .from(productCategories)
          .innerJoin(categories, eq(categories.id, productCategories.categoryId))
          .where(inArray(productCategories.productId, productIds));
  return cart.lines.map((line) => ({
    productId: line.productId,
    variationId: line.variationId,
    name: line.name,
    categories: cats.filter((c) => c.productId === line.productId).map(({ id, name }) => ({ id, name })),
    onSale: line.unitPrice < line.regularPrice,
  }));
}

/** Orders that used the coupon by this account or, when given, this billing e-mail. */
async function customerUses(
  db: Database | Transaction,
  couponId: number,
  who: { userId: number | null; email: string | null },
): Promise<number> {
  const matches = [
    who.userId === null ? undefined : eq(couponUsages.userId, who.userId),
    who.email ? eq(couponUsages.email, who.email.toLowerCase()) : undefined,
  ].filter((m) => m !== undefined);
  if (matches.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponUsages)
    .where(and(eq(couponUsages.couponId, couponId), or(...matches)));
  return row?.n ?? 0;
}

export type ApplyOptions = {
  locale: Locale;
  email?: string | null;
  now?: Date;
  /**
   * The cart's subtotal as the shopper sees it (with or without tax), which a minimum or maximum
   * spend is measured against, as pricing measures it; without it, the lines' prices as entered.
   */
  subtotalOf?: (cart: CartView) => Promise<number>;
};
export type ApplyResult =
  | { ok: true; code: string; removed: string[] }
  | { ok: false; refusal: CouponRefusal }
  /** No cart with items yet: the coupon exists and may be kept until one does. */
  | { ok: "no_cart"; code: string };

/** Refusals about what the cart holds: a code applied before it holds anything is kept instead. */
const CART_REFUSALS = new Set<CouponRefusalCode>([
  "coupon_minimum_spend",
  "coupon_maximum_spend",
  "coupon_not_applicable",
]);

/**
 * Applies a code to the owner's cart, as `WC_Cart::apply_coupon` does: the rules first, then a
 * coupon for individual use replaces the codes already applied (answered in `removed`).
 */
export async function applyCoupon(
  db: Database,
  owner: CartOwner,
  code: string,
  options: ApplyOptions,
): Promise<ApplyResult> {
  const coupon = await findCoupon(db, code);
  const cart = await loadCart(db, owner, options.locale, { images: false });
  const applied = await appliedCoupons(db, owner);
  const ctx: CouponContext = {
    now: options.now ?? new Date(),
    lines: await ruleLines(db, cart, options.locale),
    subtotal: cart.lines.length > 0 && options.subtotalOf ? await options.subtotalOf(cart) : cart.subtotal,
    applied: applied.map((row) => ({ code: row.code, individualUse: row.individualUse })),
    customerUses: coupon ? await customerUses(db, coupon.id, { userId: owner.userId, email: null }) : 0,
    email: options.email ?? null,
    accountEmail: null,
  };
  if (cart.lines.length === 0) {
    // Only what does not depend on the cart can be said before it has items.
    const early = couponRefusal(code, coupon, { ...ctx, subtotal: Number.MAX_SAFE_INTEGER });
    if (early && !CART_REFUSALS.has(early.code)) return { ok: false, refusal: early };
    return { ok: "no_cart", code: normaliseCouponCode(code) };
  }
  const refused = couponRefusal(code, coupon, ctx);
  if (refused || !coupon)
    return { ok: false, refusal: refused ?? { code: "coupon_not_found", params: { code } } };
  const cartId = await findCartId(db, owner);
  if (cartId === null) return { ok: "no_cart", code: coupon.code };
  return db.transaction(async (tx): Promise<ApplyResult> => {
    // The cart's row is held until the commit: a concurrent apply to this cart waits, then reads the
    // codes this one left, so a coupon for individual use never ends up beside another.
    await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
    const current = (await appliedCoupons(tx, owner)).map((row) => ({
      code: row.code,
      individualUse: row.individualUse,
    }));
    const again = couponRefusal(code, coupon, { ...ctx, applied: current });
    if (again) return { ok: false, refusal: again };
    const removed = coupon.individualUse ? current.map((row) => row.code) : [];
    if (removed.length > 0)
      await tx
        .delete(cartCoupons)
        .where(and(eq(cartCoupons.cartId, cartId), ne(cartCoupons.code, coupon.code)));
    await tx.insert(cartCoupons).values({ cartId, code: coupon.code }).onConflictDoNothing();
    return { ok: true, code: coupon.code, removed };
  });
}

/** Takes a code off the owner's cart; false when it was not on it. */
export async function removeCoupon(db: Database, owner: CartOwner, code: string): Promise<boolean> {
  const normal = normaliseCouponCode(code);
  if (normal === "") return false;
  return db.transaction(async (tx) => {
    // The cart's row first, as an apply takes it: the two wait for each other, never crosswise.
    const held = await tx.select({ id: carts.id }).from(carts).where(cartOf(owner)).for("update");
    if (held.length === 0) return false;
    const removed = await tx
      .delete(cartCoupons)
      .where(
        and(
          eq(cartCoupons.code, normal),
          inArray(
            cartCoupons.cartId,
            held.map((cart) => cart.id),
          ),
        ),
      )
      .returning({ code: cartCoupons.code });
    return removed.length > 0;
  });
}

/** The usage refusals a claim may throw: a code of the rules, with its message in both languages. */
export class CouponUsageError extends Error {
  override name = "CouponUsageError";
  constructor(
    readonly code: Extract<CouponRefusalCode, "coupon_usage_limit" | "coupon_not_yours" | "coupon_not_found">,
    readonly couponCode: string,
  ) {
    super(couponMessage({ code, params: { code: couponCode } }, "en", "USD"));
  }

  /** The refusal in the shopper's language (WooCommerce's wording). */
  messageIn(locale: Locale): string {
    return couponMessage({ code: this.code, params: { code: this.couponCode } }, locale, "USD");
  }
}

/** A refusal's message (WooCommerce's words, or their Spanish), amounts in `currency`. */
export function couponMessage(refused: CouponRefusal, locale: Locale, currency: string): string {
  return createI18n(locale).t(`coupons.errors.${refused.code}`, refusalParams(refused, currency, locale));
}

export type CouponClaim = {
  orderId: number;
  /** The coupons the order uses (rows as `appliedCoupons` read them, or their codes). */
  coupons: Array<CouponRow | string>;
  /** The billing e-mail. */
  email: string;
  userId: number | null;
  /** The account's e-mail, which an e-mail restriction accepts too; read from the account when not given. */
  accountEmail?: string | null;
};

/**
 * Inside the order's transaction: takes one use of each coupon, or throws `CouponUsageError`. The
 * count goes up only by a conditional update (`usage_count < usage_limit`), which holds the coupon's
 * row until the order commits, so concurrent orders take the last use one at a time and only one
 * gets it; the per-customer count and the allowed e-mails are read after that update, under the row's
 * lock. Each use is written to `coupon_usages`, which the per-customer limits count.
 */
export async function claimCouponUsage(tx: Transaction, claim: CouponClaim): Promise<void> {
  const codes = [
    ...new Set(claim.coupons.map((c) => (typeof c === "string" ? normaliseCouponCode(c) : c.code))),
  ].sort();
  const email = claim.email.trim().toLowerCase();
  let accountEmail = claim.accountEmail;
  for (const code of codes) {
    const [coupon] = await tx
      .update(coupons)
      .set({ usageCount: sql`${coupons.usageCount} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(coupons.code, code),
          sql`(${coupons.usageLimit} is null or ${coupons.usageLimit} = 0 or ${coupons.usageCount} < ${coupons.usageLimit})`,
        ),
      )
      .returning();
    if (!coupon) {
      const exists = await findCoupon(tx, code);
      throw new CouponUsageError(exists ? "coupon_usage_limit" : "coupon_not_found", code);
    }
    if (coupon.usageLimitPerUser) {
      const used = await customerUses(tx, coupon.id, { userId: claim.userId, email });
      if (used >= coupon.usageLimitPerUser) throw new CouponUsageError("coupon_usage_limit", code);
    }
    let notYours = emailRefusal(coupon, { email, accountEmail: accountEmail ?? null });
    if (notYours && accountEmail === undefined && claim.userId !== null) {
      // The account's e-mail is allowed too (`check_customer_coupons`): read only when it matters.
      accountEmail = await accountEmailOf(tx, claim.userId);
      notYours = emailRefusal(coupon, { email, accountEmail });
    }
    if (notYours) throw new CouponUsageError("coupon_not_yours", code);
    await tx
      .insert(couponUsages)
      .values({ couponId: coupon.id, orderId: claim.orderId, userId: claim.userId, email });
  }
}

async function accountEmailOf(tx: Transaction, userId: number): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/**
 * When an order is cancelled or refunded: its coupons' uses go back (WooCommerce decreases a
 * coupon's usage count when its order is cancelled). Once only: the uses' rows go with it.
 */
export async function releaseCouponUsage(tx: Transaction, orderId: number): Promise<void> {
  await tx.execute(sql`
    with gone as (
      delete from ${couponUsages} where ${couponUsages.orderId} = ${orderId} returning coupon_id
    ), counts as (select coupon_id, count(*)::int as n from gone group by coupon_id)
    update ${coupons} set usage_count = greatest(${coupons.usageCount} - counts.n, 0)
    from counts where ${coupons.id} = counts.coupon_id`);
}

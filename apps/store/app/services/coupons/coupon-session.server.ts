import { type Database, sessions } from "@vitrine/db";
import { eq } from "drizzle-orm";
import type { Locale } from "../../i18n/i18n.ts";
import { couponRefusalNotice, normaliseCouponCode } from "../../lib/coupons/coupon-rules.ts";
import type { AppliedCouponView } from "../../lib/coupons/coupon-view.ts";
import type { Notice } from "../../lib/notices.ts";
import type { CartOwner } from "../cart/cart.server.ts";
import { displayedSubtotal, type PricingContext } from "../cart/cart-pricing.server.ts";
import type { RequestSession, Session } from "../shared/session.server.ts";
import { applyCoupon, type CouponRow, removeCoupon } from "./coupons.server.ts";

/**
 * The shopper's coupon actions for one request, whichever entry point asks (the cart and checkout
 * forms, `?wc-ajax=apply_coupon`, the Store API, a `?coupon=CODE` link): the service's answer as
 * WooCommerce's notice. A code applied before the shopper has a cart with items is kept in the
 * session (`pending_coupons`, decision 0068) and applied when the first item is added.
 */

export type CouponShopper = {
  db: Database;
  session: RequestSession;
  locale: Locale;
  currency: string;
  /** The shop's tax settings and address: a coupon's spend is measured on the subtotal as the cart shows it. */
  settings?: PricingContext["settings"];
};

/** What an apply or remove did, and the notice it says. `kept`: waiting in the session for a cart. */
export type CouponAnswer = { ok: boolean; kept?: boolean; code: string; notice: Notice };

/** The request's shopper, from the load context (or anything with its parts). */
export function couponShopper(context: {
  db: Database;
  session: RequestSession;
  locale: Locale;
  settings: { currency: string } & PricingContext["settings"];
}): CouponShopper {
  return {
    db: context.db,
    session: context.session,
    locale: context.locale,
    currency: context.settings.currency,
    settings: context.settings,
  };
}

const PENDING = "pending_coupons";

const ownerOf = (session: Session): CartOwner => ({ sessionId: session.id, userId: session.userId });

function pendingOf(session: Session | null): string[] {
  const value = session?.data[PENDING];
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];
}

async function setPending(db: Database, session: Session, codes: string[]): Promise<void> {
  const { [PENDING]: _old, ...rest } = session.data;
  // The request's session object is the one later writes (notices) start from: it changes with the row.
  session.data = codes.length > 0 ? { ...rest, [PENDING]: codes } : rest;
  await db.update(sessions).set({ data: session.data }).where(eq(sessions.id, session.id));
}

export async function applyShopperCoupon(shopper: CouponShopper, code: string): Promise<CouponAnswer> {
  const session = await shopper.session.getOrCreate();
  const owner = ownerOf(session);
  const { settings } = shopper;
  const result = await applyCoupon(shopper.db, owner, code, {
    locale: shopper.locale,
    subtotalOf: settings
      ? (cart) => displayedSubtotal({ db: shopper.db, settings, locale: shopper.locale }, owner, cart)
      : undefined,
  });
  if (result.ok === true) {
    await setPending(
      shopper.db,
      session,
      pendingOf(session).filter((c) => c !== result.code),
    );
    return { ok: true, code: result.code, notice: { type: "success", message: "coupons.applied" } };
  }
  if (result.ok === "no_cart") {
    const pending = pendingOf(session);
    if (!pending.includes(result.code)) await setPending(shopper.db, session, [...pending, result.code]);
    return {
      ok: true,
      kept: true,
      code: result.code,
      notice: { type: "info", message: "coupons.kept", params: { code: result.code } },
    };
  }
  return {
    ok: false,
    code: normaliseCouponCode(code),
    notice: couponRefusalNotice(result.refusal, shopper.currency, shopper.locale),
  };
}

/** Takes a code off the cart (or out of the session's waiting codes); `ok` false when it was on neither. */
export async function removeShopperCoupon(shopper: CouponShopper, code: string): Promise<CouponAnswer> {
  const normal = normaliseCouponCode(code);
  if (normal === "")
    return { ok: false, code: normal, notice: { type: "error", message: "coupons.errors.coupon_missing" } };
  const session = await shopper.session.get();
  const pending = pendingOf(session);
  const removed = session ? await removeCoupon(shopper.db, ownerOf(session), normal) : false;
  if (session && pending.includes(normal))
    await setPending(
      shopper.db,
      session,
      pending.filter((c) => c !== normal),
    );
  const ok = removed || pending.includes(normal);
  return ok
    ? { ok, code: normal, notice: { type: "success", message: "coupons.removed" } }
    : {
        ok,
        code: normal,
        notice: { type: "error", message: "coupons.errors.coupon_not_applied", params: { code: normal } },
      };
}

/** The coupons on the shopper's cart as the cart and checkout pages list them (an empty cart: none). */
export function appliedCouponViews(applied: readonly CouponRow[] | undefined): AppliedCouponView[] {
  return (applied ?? []).map((row) => ({ code: row.code, discount: null, freeShipping: row.freeShipping }));
}

/** The codes waiting in the session for a cart. */
export async function pendingCoupons(session: RequestSession): Promise<string[]> {
  return pendingOf(await session.get());
}

/**
 * After an item was added: the codes kept in the session are applied now that there is a cart, each
 * with its notice (applied, or why not), and leave the session.
 */
export async function applyPendingCoupons(shopper: CouponShopper): Promise<void> {
  const session = await shopper.session.get();
  const pending = pendingOf(session);
  if (!session || pending.length === 0) return;
  await setPending(shopper.db, session, []);
  for (const code of pending) {
    const answer = await applyShopperCoupon(shopper, code);
    if (!answer.kept) await shopper.session.pushNotice(answer.notice);
  }
}

import { randomBytes } from "node:crypto";
import {
  type Address,
  cartCoupons,
  cartLines,
  type Database,
  orderCouponLines,
  orderLines,
  orderStatusChanges,
  orders,
  orderTaxLines,
  products,
  type Transaction,
  users,
  variations,
} from "@vitrine/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context.server.ts";
import { isLocale } from "../../i18n/i18n.ts";
import { refusalParams } from "../../lib/coupons/coupon-rules.ts";
import { type Backorders, backorderedQuantity, type StockStatus } from "../../lib/stock-rules.ts";
import type { LineTotals, ShippingChoice, Totals } from "../../lib/totals/totals-types.ts";
import { type CleanAttribution, saveAttribution } from "../analytics/attribution.server.ts";
import { stockStatusAfter } from "../catalogue/stock.server.ts";
import { type CouponRow, CouponUsageError, claimCouponUsage } from "../coupons/coupons.server.ts";
import { grantOrderDownloads, grantsDownloads } from "../downloads/download-permissions.server.ts";
import { deliverNewOrderMails, oweOrderMails } from "../mail/mail-outbox.server.ts";
import { oweStockMails } from "../mail/owed-mails.server.ts";
import {
  gatewayById,
  type OfferContext,
  offeredGateway,
  type PaymentGateway,
  walletGateway,
} from "../payments/gateways.server.ts";
import { PaymentStartError, startStripePayment } from "../payments/stripe-checkout.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";
import { PageTags } from "../shared/page-tags.server.ts";
import { storeMetrics } from "../shared/store-metrics.server.ts";
import { checkoutShippingChoice, destinationOf } from "../shipping/shipping-checkout.server.ts";
import { loadTaxRates } from "../taxes/tax-rates.server.ts";
import { type CartOwner, type CartView, cartIdOf, emptyCart, loadCart } from "./cart.server.ts";
import type { CartClient } from "./cart-client.server.ts";
import { type PricingContext, priceCart } from "./cart-pricing.server.ts";

/**
 * How the order is to be paid. A shopper's checkout (the classic form or the Store API) may name
 * only a method the store offers for this order; the wallet's order, already paid, comes only from
 * its signed call (api/wallet-orders.server.ts), the one caller that builds `via: "wallet"`.
 */
export type OrderPayment =
  | { via: "checkout"; method: string; offer: Omit<OfferContext, "shippingMethod"> }
  | { via: "wallet"; paymentId: string };

export type PlaceOrderInput = {
  owner: CartOwner;
  locale: string;
  currency: string;
  billing: Address;
  shipping: Address;
  payment: OrderPayment;
  /** The shipping rate chosen (the zone's, priced for this cart), before tax; null: none offered (the wallet). */
  shippingRate: ShippingChoice | null;
  /** The store's tax settings and base address, which price the order in its transaction. */
  pricing: PricingContext["settings"];
  /** Tax at the shop's base rather than the addresses (the wallet's sealed price, decision 0070). */
  taxAtBase?: boolean;
  customerNote: string;
  /** One per checkout attempt: a double click, a retry or a resubmitted form finds the same order. */
  idempotencyKey: string;
  /** Where the shopper came from, already cleaned (services/attribution.server.ts). */
  attribution?: CleanAttribution;
};

export type PlacedOrder = {
  id: number;
  orderKey: string;
  status: string;
  total: number;
  /** The payment method's id ("stripe"). */
  paymentMethod: string;
  created: boolean;
  /** The products whose stock the order took (empty for an order placed before: a replay). */
  productIds: number[];
  /** Where the shopper pays an order paid away (Stripe's page); none for the others. */
  paymentUrl?: string;
};

export type CheckoutErrorCode =
  | "empty_cart"
  | "coupon_unavailable"
  | "not_enough_stock"
  | "payment_method_unavailable"
  | "payment_unavailable"
  | "shipping_method_unavailable";

export class CheckoutError extends Error {
  override name = "CheckoutError";
  constructor(
    readonly code: CheckoutErrorCode,
    readonly details: {
      name?: string;
      available?: number;
      /** A coupon's refusal: its code (`coupon_usage_limit`) and its notice in WooCommerce's words. */
      message?: string;
      notice?: { key: string; params: Record<string, string> };
    } = {},
  ) {
    super(code);
  }
}

/** The HTTP status a checkout refusal answers with, whatever the entry point. */
export function checkoutErrorStatus(code: CheckoutErrorCode): number {
  if (code === "not_enough_stock") return 409;
  // Not the shopper's doing: the payment provider could not be reached. The cart is kept.
  if (code === "payment_unavailable") return 503;
  return 400;
}

/**
 * A checkout refusal as a translation key and its parameters: a coupon's in WooCommerce's words for
 * that coupon (`coupons.errors.*`), the others the checkout's own.
 */
export function checkoutErrorNotice(error: CheckoutError): { key: string; params: Record<string, string> } {
  const params = {
    name: error.details.name ?? "",
    code: error.details.name ?? "",
    available: String(error.details.available ?? 0),
  };
  if (error.details.notice) return error.details.notice;
  return error.code === "coupon_unavailable"
    ? { key: `coupons.errors.${error.details.message}`, params }
    : { key: `checkout.errors.${error.code}`, params };
}

/** What the checkout use case needs of the request's context. */
export type CheckoutContext = Pick<
  AppContext,
  "db" | "config" | "settings" | "mailer" | "logger" | "invalidatePages" | "afterAnswer" | "locale"
>;

/** A shopper's order as the checkout form or the Store API states it, already validated. */
export type CheckoutOrder = {
  billing: Address;
  shipping: Address;
  paymentMethod: string;
  shippingMethod: string;
  customerNote: string;
};

/** A checkout attempt's key as the form or the client sends it; anything else gets a fresh one. */
const attemptShape = /^[\w-]{16,64}$/;

/**
 * The shopper's checkout, whichever way it arrives (the classic form post, the Store API): the
 * shipping method's cost, the attempt's idempotency key, the order in one transaction with only a
 * payment method the store offers for it, then the cache purge and the order's mails.
 * Throws CheckoutError for what the shopper can correct; places nothing then.
 */
export async function checkoutCart(
  context: CheckoutContext,
  input: {
    owner: CartOwner;
    sessionId: string;
    locale: string;
    order: CheckoutOrder;
    /** The form's or client's attempt key: resubmitting the same attempt finds the same order. */
    attempt: string | undefined;
    attribution: CleanAttribution;
  },
): Promise<PlacedOrder> {
  // The rate asked for, if the zone holding the address offers it. None (a cart of virtual products
  // only names none, decision 0076) is for `placeOrder` to judge on the cart it places: refused
  // there if the cart ships.
  const shipping = input.order.shippingMethod
    ? ((await checkoutShippingChoice(
        { db: context.db, locale: input.locale, settings: context.settings },
        {
          owner: input.owner,
          address: destinationOf(input.order.shipping),
          requested: input.order.shippingMethod,
        },
      )) ?? null)
    : null;
  const attempt =
    input.attempt && attemptShape.test(input.attempt) ? input.attempt : randomBytes(16).toString("base64url");
  const placed = await placeOrder(context.db, {
    owner: input.owner,
    locale: input.locale,
    currency: context.settings.currency,
    billing: input.order.billing,
    shipping: input.order.shipping,
    payment: {
      via: "checkout",
      method: input.order.paymentMethod,
      offer: { payments: context.settings.payments, config: context.config },
    },
    shippingRate: shipping,
    pricing: context.settings,
    customerNote: input.order.customerNote,
    idempotencyKey: `${input.sessionId}:${attempt}`,
    attribution: input.attribution,
  });
  orderPlaced(context, placed);
  // Paid away (Stripe): the shopper goes on to the provider's page for this order, a replayed
  // attempt to the same page. The order waits as pending, its stock held, until paid or the hold ends.
  if (gatewayById(placed.paymentMethod)?.paidAway && placed.status === "pending") {
    try {
      const paymentUrl = await startStripePayment(
        {
          db: context.db,
          config: context.config,
          payments: context.settings.payments,
        },
        { id: placed.id, owner: input.owner },
      );
      return { ...placed, paymentUrl };
    } catch (error) {
      if (!(error instanceof PaymentStartError)) throw error;
      context.logger.warn({ err: error, orderId: placed.id }, "the payment could not be started");
      throw new CheckoutError("payment_unavailable");
    }
  }
  return placed;
}

/**
 * What follows every newly placed order, whichever path placed it: the cached pages that show the
 * ordered products may show stale stock, and the mails the order owes (the shopper's confirmation,
 * the owner's new order, any stock mail; a replayed attempt owes none) are sent after the answer:
 * the shopper does not wait for the mail server. The order's transaction made them owed, so a
 * failed or cut-off attempt is retried (decisions 0050, 0062).
 */
export function orderPlaced(context: CheckoutContext, placed: PlacedOrder): void {
  if (!placed.created) return;
  context.invalidatePages(placed.productIds.map(PageTags.product));
  context.afterAnswer(
    deliverNewOrderMails(context, placed.id).then(
      () => undefined,
      (error) => context.logger.warn({ err: error, orderId: placed.id }, "order mails left owed"),
    ),
  );
}

/**
 * The shopper's cart once the checkout has answered: empty when this attempt placed the order (its
 * transaction emptied the cart), so nothing is read again; read for a replayed attempt, whose cart
 * may have been filled since.
 */
export async function cartAfterCheckout(cart: CartClient, placed: PlacedOrder): Promise<CartView> {
  return placed.created && !placed.paymentUrl ? emptyCart : (await cart.current()).cart;
}

/**
 * Places the order in one transaction: the order, its lines and totals, the stock decrements and
 * the emptied cart. Each decrement is a conditional update (`stock >= wanted`, unless backorders
 * allow it below zero), so concurrent checkouts can never take a stock without backorders below
 * zero; the loser's transaction rolls back whole.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { checkouts } = storeMetrics();
  try {
    const placed = await placeOrderOnce(db, input);
    if (placed.created) checkouts.inc({ outcome: "placed", reason: "" });
    return placed;
  } catch (error) {
    checkouts.inc({ outcome: "refused", reason: error instanceof CheckoutError ? error.code : "error" });
    throw error;
  }
}

async function placeOrderOnce(db: Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  const gateway = gatewayFor(input.payment, input.shippingRate?.id ?? "");
  // From the process's copy: read in the transaction, it would be read for every order.
  const rates = input.pricing.taxes.enabled ? await loadTaxRates(db) : [];
  try {
    return await db.transaction(async (tx) => {
      // Attempts with the same key wait for each other; the later one then finds the placed order.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${input.idempotencyKey}))`);
      const placed = await findByIdempotencyKey(tx, input.idempotencyKey);
      if (placed) return placed;
      const loaded = await loadCart(tx as unknown as Database, input.owner, input.locale, { images: false });
      if (loaded.lines.length === 0) throw new CheckoutError("empty_cart");
      // A shopper's cart that ships needs a rate the zone offers; a cart of virtual products only
      // is charged no shipping, whatever was named (decision 0076).
      const shippingRate = loaded.needsShipping ? input.shippingRate : null;
      if (loaded.needsShipping && !shippingRate && input.payment.via === "checkout")
        throw new CheckoutError("shipping_method_unavailable");
      // The order's figures are the totals engine's, priced in this transaction (decision 0066).
      const locale = isLocale(input.locale) ? input.locale : "en";
      const { cart, totals, coupons, dropped } = await priceCart(
        { db: tx, settings: input.pricing, locale },
        input.owner,
        loaded,
        {
          billing: input.billing,
          shipping: input.shipping,
          shippingRate,
          taxAtBase: input.taxAtBase,
          rates,
        },
      );
      // A coupon the shopper applied that no longer holds (expired, spent, its last use taken a
      // moment ago) refuses the order, which is never charged more than the shopper was shown.
      const [gone] = dropped;
      if (gone)
        throw new CheckoutError("coupon_unavailable", {
          name: gone.row.code,
          message: gone.refusal.code,
          notice: {
            key: `coupons.errors.${gone.refusal.code}`,
            params: refusalParams(gone.refusal, input.currency, locale),
          },
        });
      const { total } = totals;
      const [order] = await tx
        .insert(orders)
        .values({
          orderKey: `wc_order_${randomBytes(12).toString("base64url")}`,
          userId: input.owner.userId,
          status: gateway.statusOnPlacement,
          currency: input.currency,
          locale: input.locale,
          subtotal: totals.subtotal,
          shippingTotal: totals.shippingTotal,
          discountTotal: totals.discountTotal,
          discountTax: totals.discountTax,
          shippingTax: totals.shippingTax,
          cartTax: totals.totalTax - totals.shippingTax,
          totalTax: totals.totalTax,
          pricesIncludeTax: input.pricing.taxes.pricesIncludeTax,
          total,
          shippingMethod: shippingRate?.id ?? null,
          shippingLabel: shippingRate?.label ?? "",
          paymentMethod: gateway.id,
          billingAddress: input.billing,
          shippingAddress: input.shipping,
          customerNote: input.customerNote,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      await saveAttribution(tx, order!.id, input.attribution ?? {});
      // An order paid away (Stripe) owes its mails once paid (services/payments), not now.
      if (!gateway.paidAway) await oweOrderMails(tx, order!.id);
      // The status history starts with the status the order was placed with, set by the store itself.
      await tx
        .insert(orderStatusChanges)
        .values({ orderId: order!.id, fromStatus: null, toStatus: order!.status, changedBy: null });
      // The account's next checkout offers these addresses.
      if (input.owner.userId !== null) {
        await tx
          .update(users)
          .set({ billingAddress: input.billing, shippingAddress: input.shipping })
          .where(eq(users.id, input.owner.userId));
      }
      const lineTotals = new Map(totals.lines.map((line) => [line.key, line]));
      await tx.insert(orderLines).values(
        cart.lines.map((line) => ({
          ...lineFigures(lineTotals.get(line.key)!),
          orderId: order!.id,
          productId: line.productId,
          variationId: line.variationId,
          name: line.name,
          attributes: Object.fromEntries(
            line.attributes.map((attribute) => [attribute.label, attribute.value]),
          ),
          quantity: line.quantity,
          unitPrice: line.unitPrice,
        })),
      );
      await writeTaxAndCouponLines(tx, order!.id, totals);
      // Placed paid (cash on delivery, the wallet): its files are the shopper's now (decision 0075).
      if (grantsDownloads(order!.status)) await grantOrderDownloads(tx, order!.id);
      await claimCoupons(tx, {
        orderId: order!.id,
        coupons,
        billing: input.billing,
        userId: input.owner.userId,
      });
      // The cart goes with the order, its coupons too (WooCommerce's empty_cart: the next order enters
      // its own), except one paid away: it stays until the payment succeeds (a failed or abandoned
      // payment leaves it as it was).
      if (!gateway.paidAway) {
        await tx.delete(cartLines).where(inArray(cartLines.cartId, cartIdOf(tx, input.owner)));
        if (cart.coupons.length > 0)
          await tx.delete(cartCoupons).where(inArray(cartCoupons.cartId, cartIdOf(tx, input.owner)));
      }
      // Stock last: a product's row stays locked from its decrement to the commit, and every other
      // checkout of that product waits for it. Always in one order, so two checkouts never deadlock.
      // Each decrement that takes a product to its low-stock line, out of stock or below zero owes
      // the owner a mail.
      for (const line of stockOrder(cart.lines)) {
        const taken = await takeStock(tx, line);
        // WooCommerce's "Backordered" item meta: where the customer is told ("notify"), the line
        // keeps how many of its items wait for stock. Only such a line costs this statement.
        const backordered =
          taken.backorders === "notify" ? backorderedQuantity(line.quantity, taken.stock) : 0;
        if (backordered > 0)
          await tx
            .update(orderLines)
            .set({ backordered })
            .where(
              and(
                eq(orderLines.orderId, order!.id),
                eq(orderLines.productId, line.productId),
                sql`${orderLines.variationId} is not distinct from ${line.variationId}`,
              ),
            );
        await oweStockMails(tx, {
          ...taken,
          orderId: order!.id,
          productId: line.productId,
          variationId: line.variationId,
          name: line.name,
          options: line.attributes.map((attribute) => attribute.value).join(", "),
          quantity: line.quantity,
        });
      }
      return {
        id: order!.id,
        orderKey: order!.orderKey,
        status: order!.status,
        total,
        paymentMethod: order!.paymentMethod,
        created: true,
        productIds: [...new Set(cart.lines.map((line) => line.productId))],
      };
    });
  } catch (error) {
    // Two submissions of one attempt raced: the other one placed the order; answer with it.
    if (databaseRefusal(error)?.code === UNIQUE_VIOLATION) {
      const raced = await findByIdempotencyKey(db, input.idempotencyKey);
      if (raced) return raced;
    }
    throw error;
  }
}

/** An order line's figures as the engine computed them: subtotal, total and their tax by rate. */
function lineFigures(line: LineTotals) {
  return {
    subtotal: line.subtotal,
    subtotalTax: line.subtotalTax,
    total: line.total,
    totalTax: line.totalTax,
    taxes: { total: stringKeys(line.taxes), subtotal: stringKeys(line.subtotalTaxes) },
  };
}

const stringKeys = (shares: Record<number, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(shares).map(([id, amount]) => [String(id), amount]));

/** The order's tax lines by rate and the coupons it used, as computed: a later change of rate or coupon changes neither. */
async function writeTaxAndCouponLines(tx: Transaction, orderId: number, totals: Totals): Promise<void> {
  // The engine's lines carry exactly the stored lines' fields.
  if (totals.taxLines.length > 0)
    await tx.insert(orderTaxLines).values(totals.taxLines.map((line) => ({ ...line, orderId })));
  if (totals.coupons.length > 0)
    await tx.insert(orderCouponLines).values(totals.coupons.map((coupon) => ({ ...coupon, orderId })));
}

/**
 * Takes one use of each coupon the order used, in its transaction: a coupon whose last use another
 * order took a moment ago, or that is not this customer's, refuses the whole order (nothing placed),
 * with WooCommerce's message.
 */
async function claimCoupons(
  tx: Transaction,
  claim: { orderId: number; coupons: CouponRow[]; billing: Address; userId: number | null },
): Promise<void> {
  if (claim.coupons.length === 0) return;
  try {
    await claimCouponUsage(tx, {
      orderId: claim.orderId,
      coupons: claim.coupons,
      email: claim.billing.email ?? "",
      userId: claim.userId,
    });
  } catch (error) {
    if (!(error instanceof CouponUsageError)) throw error;
    throw new CheckoutError("coupon_unavailable", { name: error.couponCode, message: error.code });
  }
}

/** The gateway that places this order, or a refusal that places nothing. */
function gatewayFor(payment: OrderPayment, shippingMethod: string): PaymentGateway {
  if (payment.via === "wallet") return walletGateway;
  const gateway = offeredGateway({ ...payment.offer, shippingMethod }, payment.method);
  if (!gateway) throw new CheckoutError("payment_method_unavailable");
  return gateway;
}

/** Lines by product, then variation: the order in which their rows are locked. */
function stockOrder<Line extends { productId: number; variationId: number | null }>(lines: Line[]): Line[] {
  return lines.toSorted((a, b) => a.productId - b.productId || (a.variationId ?? 0) - (b.variationId ?? 0));
}

/**
 * `restoreOrderStock` (stock.server.ts) is this function's exact inverse: change them together.
 * The guard lets a counted stock go below zero only where its backorders allow it (decision 0080);
 * the state follows the count left (`stockStatusAfter`). Answers the stock it left, its status,
 * its backorders and the product's low-stock threshold, for the stock mails and the line's
 * backordered quantity.
 */
async function takeStock(
  tx: Transaction,
  line: { productId: number; variationId: number | null; quantity: number; name: string },
): Promise<{ stock: number | null; status: StockStatus; backorders: Backorders; lowThreshold: number }> {
  const table = line.variationId === null ? products : variations;
  const id = line.variationId ?? line.productId;
  const sold = sql`${products.totalSales} + ${line.quantity}`;
  const updated = await tx
    .update(table)
    .set({
      stockQuantity: sql`${table.stockQuantity} - ${line.quantity}`,
      stockStatus: stockStatusAfter(table, sql`${table.stockQuantity} - ${line.quantity}`),
      // A simple product's sales count in the same statement; a variation's product below.
      ...(line.variationId === null ? { totalSales: sold } : {}),
    })
    .where(
      and(
        eq(table.id, id),
        sql`${table.stockStatus} <> 'outofstock'`,
        sql`(${table.stockQuantity} is null or ${table.stockQuantity} >= ${line.quantity} or ${table.backorders} <> 'no')`,
      ),
    )
    .returning({
      stock: table.stockQuantity,
      status: table.stockStatus,
      backorders: table.backorders,
      // The product's threshold is its variations' too.
      lowThreshold: sql<number>`(select ${products.lowStockThreshold} from ${products} where ${products.id} = ${line.productId})`,
    });
  if (updated.length === 0) {
    const [row] = await tx.select({ stock: table.stockQuantity }).from(table).where(eq(table.id, id));
    throw new CheckoutError("not_enough_stock", { name: line.name, available: row?.stock ?? 0 });
  }
  if (line.variationId !== null)
    await tx.update(products).set({ totalSales: sold }).where(eq(products.id, line.productId));
  return updated[0]!;
}

/** The order an attempt (or a wallet payment) already placed, if any. */
export async function findByIdempotencyKey(
  db: Database | Transaction,
  key: string,
): Promise<PlacedOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderKey: orders.orderKey,
      status: orders.status,
      total: orders.total,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return order ? { ...order, created: false, productIds: [] } : null;
}

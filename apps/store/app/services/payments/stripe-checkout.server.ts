import { type Database, orderLines, orderPayments, orders } from "@vitrine/db";
import { asc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "../../config.server.ts";
import type { PaymentSettings } from "../../lib/settings-resource.ts";
import { type CartOwner, findCartId } from "../cart/cart.server.ts";
import { stripeAccess } from "./stripe-client.server.ts";

/**
 * The shopper's way to Stripe (issue 42, decision 0073): a Checkout Session made from the placed
 * order's own figures, and the order's payment row that names it, so the webhook and the receipt
 * page find the order by the session. Called after the order's transaction: no network call is
 * ever made while a transaction is open.
 */

export type StripeCheckoutContext = {
  db: Database;
  config: Pick<Config, "stripe" | "publicUrl">;
  payments: PaymentSettings;
};

/** Stripe could not be reached or refused the session: the order stays pending (its stock held until the hold ends). */
export class PaymentStartError extends Error {
  override name = "PaymentStartError";
}

/**
 * Makes (or, for a replayed checkout attempt, finds again) the order's Checkout Session and answers
 * the address of Stripe's page. The session's idempotency key is the order's, so a double click, a
 * retry or a resubmitted form gets the same session, never a second one. Stripe answers a key sent
 * again with other parameters by refusing it (for 24 hours), so the parameters are made from the
 * stored order alone: not from the clock or the request (its language) of the attempt that sends them.
 */
export async function startStripePayment(
  context: StripeCheckoutContext,
  order: { id: number; owner: CartOwner },
): Promise<string> {
  const access = stripeAccess(context.config, context.payments);
  if (!access) throw new PaymentStartError("Stripe is not set up");
  const [placed] = await context.db.select().from(orders).where(eq(orders.id, order.id));
  if (!placed) throw new PaymentStartError(`order ${order.id} not found`);
  const lines = await context.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const params = sessionParams(context, placed, lines);
  let session: Stripe.Checkout.Session;
  try {
    session = await access.client.checkout.sessions.create(params, {
      idempotencyKey: `vitrine-${placed.orderKey}-checkout-session`,
    });
  } catch (error) {
    throw new PaymentStartError((error as Error).message);
  }
  // Only ever to Stripe's own pages (redirects go to allowed origins only).
  if (!session.url || new URL(session.url).origin !== new URL(access.checkoutOrigin).origin)
    throw new PaymentStartError("Stripe answered a session without its page");
  await context.db
    .insert(orderPayments)
    .values({
      orderId: placed.id,
      gateway: "stripe",
      reference: session.id,
      amount: session.amount_total ?? placed.total,
      currency: placed.currency,
      cartId: await findCartId(context.db, order.owner),
    })
    .onConflictDoNothing();
  return session.url;
}

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * The session's figures are the order's as stored (decision 0070), in minor units: each line at
 * what the shopper pays for it (after discounts, with its tax), and the shipping with its tax. A
 * line whose amount does not divide by its quantity goes as one line of "× quantity". Should the
 * pieces not add up to the order's total, the order goes as one line of its total: Stripe never
 * charges other than the order says.
 */
function sessionParams(
  context: StripeCheckoutContext,
  order: OrderRow,
  lines: OrderLineRow[],
): Stripe.Checkout.SessionCreateParams {
  const currency = order.currency.toLowerCase();
  const item = (name: string, amount: number, quantity: number) => ({
    quantity,
    price_data: { currency, unit_amount: amount, product_data: { name: name.slice(0, 250) || "Item" } },
  });
  let lineItems = lines.map((line) => {
    const amount = line.total + line.totalTax;
    return amount % line.quantity === 0
      ? item(line.name, amount / line.quantity, line.quantity)
      : item(`${line.name} × ${line.quantity}`, amount, 1);
  });
  const shipping = order.shippingTotal + order.shippingTax;
  const itemsTotal = lineItems.reduce((sum, line) => sum + line.price_data.unit_amount * line.quantity, 0);
  if (itemsTotal + shipping !== order.total)
    lineItems = [item(`Order #${order.id}`, order.total - shipping, 1)];
  const receipt = `${context.config.publicUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`;
  const metadata = { order_id: String(order.id), order_key: order.orderKey };
  return {
    mode: "payment",
    line_items: lineItems,
    ...(shipping > 0
      ? {
          shipping_options: [
            {
              shipping_rate_data: {
                display_name: order.shippingLabel || "Shipping",
                type: "fixed_amount",
                fixed_amount: { amount: shipping, currency },
              },
            },
          ],
        }
      : {}),
    ...(order.billingAddress.email ? { customer_email: order.billingAddress.email } : {}),
    client_reference_id: String(order.id),
    metadata,
    payment_intent_data: { metadata },
    // Stripe puts the session's id in place of the placeholder, so the receipt can ask about it.
    success_url: `${receipt}&session_id={CHECKOUT_SESSION_ID}`,
    // Back to the cart, which is as the shopper left it; the order waits until the hold ends.
    cancel_url: `${context.config.publicUrl}/cart`,
    expires_at: sessionExpiry(order.createdAt, context.payments.hold_stock_minutes),
    locale: order.locale === "es" ? "es" : "en",
  };
}

/** Stripe's limits on a session's `expires_at`, from the moment the session is made. */
const STRIPE_SESSION_LIFE = { min: 30 * 60, max: 24 * 60 * 60 } as const;

/**
 * When the order's session expires at Stripe, in Unix seconds, fixed by the order (the idempotent
 * request's parameters must not change between attempts). An attempt may make the session any time
 * in the hold (a first one that could not reach Stripe is tried again), and Stripe wants at least
 * 30 minutes left then: so the hold's end plus 31 minutes, within the 24 hours Stripe allows from the
 * order's placing. The sweep ends the order, and expires its session, when the hold ends; the
 * session's own expiry is the fallback should no sweep run.
 */
export function sessionExpiry(placedAt: Date, holdMinutes: number): number {
  const placed = Math.floor(placedAt.getTime() / 1000);
  const afterHold = Math.max(holdMinutes, 0) * 60 + STRIPE_SESSION_LIFE.min + 60;
  return placed + Math.min(afterHold, STRIPE_SESSION_LIFE.max - 60);
}

import { orderPayments, orders } from "@vitrine/db";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import Stripe from "stripe";
import { moveOrderStatus, type OrderChangeContext } from "../orders/order-moves.server.ts";
import { sweepEvery } from "../shared/sweep.server.ts";
import { inPaymentTransaction, NOTHING_CHANGED, paymentNote } from "./payment-changes.server.ts";
import { type StripeAccess, stripeAccess } from "./stripe-client.server.ts";
import { settleStripeSession } from "./stripe-settlement.server.ts";

/**
 * Orders left unpaid past the hold (issue 42, decision 0073; WooCommerce's "hold stock" minutes):
 * every server process looks each minute, as it sweeps the mail outbox, for Stripe orders still
 * pending past `payments.hold_stock_minutes`, and ends each once. Its open sessions are expired at
 * Stripe first, so the shopper can no longer pay a cancelled order (one Stripe says is paid after
 * all is settled as paid instead); then the order is cancelled and its stock returned in a
 * transaction that holds its row and acts only while it is still pending and nothing may pay it.
 * Two processes sweeping at once both ask Stripe, and one of them cancels.
 */

export const PAYMENT_SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 20;

/** What one sweep did: the orders it cancelled and those a payment turned out to settle. */
export type SweepResult = { cancelled: number[]; settled: number[] };

export async function endUnpaidStripeOrders(context: OrderChangeContext): Promise<SweepResult> {
  const result: SweepResult = { cancelled: [], settled: [] };
  const access = stripeAccess(context.config, context.settings.payments);
  // Stripe switched off: its sessions can be neither expired nor read, so nothing is ended blind.
  if (!access) return result;
  const minutes = context.settings.payments.hold_stock_minutes;
  const stale = await context.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        eq(orders.paymentMethod, "stripe"),
        lt(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(SWEEP_BATCH);
  for (const { id } of stale) {
    try {
      const ended = await endUnpaidOrder(context, access, id);
      if (ended) result[ended].push(id);
    } catch (error) {
      // Stripe unreachable: the order waits for the next sweep (it may have been paid meanwhile).
      context.logger.warn({ err: error, orderId: id }, "an unpaid Stripe order could not be ended yet");
    }
  }
  return result;
}

/** Ends one stale order: answers whether it was cancelled, settled by a payment after all, or neither. */
async function endUnpaidOrder(
  context: OrderChangeContext,
  access: StripeAccess,
  orderId: number,
): Promise<"cancelled" | "settled" | null> {
  const open = await context.db
    .select({ reference: orderPayments.reference })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.gateway, "stripe"),
        eq(orderPayments.status, "open"),
      ),
    );
  for (const { reference } of open) {
    const session = await expiredOrFinal(access, reference);
    const settled = await settleStripeSession(context, session);
    if (settled.outcome === "paid" || settled.outcome === "waiting") return "settled";
    if (settled.orderStatus === "cancelled" && settled.changed) return "cancelled";
  }
  return (await cancelUnpaidOrder(context, orderId)) ? "cancelled" : null;
}

/**
 * Expires a session at Stripe; one that is no longer open (paid, waiting, expired, perhaps by another
 * process's sweep) is read back as it is. Anything else Stripe says is thrown.
 */
async function expiredOrFinal(access: StripeAccess, reference: string): Promise<Stripe.Checkout.Session> {
  try {
    return await access.client.checkout.sessions.expire(reference);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const session = await access.client.checkout.sessions.retrieve(reference);
    if (session.status === "open") throw error;
    return session;
  }
}

/**
 * Cancels an order still pending that nothing may pay any more (no open or paid payment: its
 * sessions expired, or none was ever made because Stripe could not be reached at checkout), and
 * returns its stock, once: the order's row is held and its status read under it.
 */
export async function cancelUnpaidOrder(context: OrderChangeContext, orderId: number): Promise<boolean> {
  const done = await inPaymentTransaction(context, async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (order?.status !== "pending") return NOTHING_CHANGED;
    const [live] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), inArray(orderPayments.status, ["open", "paid"])))
      .limit(1);
    if (live) return NOTHING_CHANGED;
    const restocked = await moveOrderStatus(tx, { orderId, from: "pending", to: "cancelled", by: null });
    await paymentNote(tx, orderId, "unpaidCancelled", {
      minutes: String(context.settings.payments.hold_stock_minutes),
    });
    return { orderId, changed: true, restocked };
  });
  return done.changed;
}

/**
 * Every minute, and once now, ends the unpaid orders past the hold, in each server process (as the
 * mail outbox's sweep, `sweepMailOutbox`). `track` lets the shutdown wait for a sweep under way.
 */
export function sweepUnpaidOrders(options: {
  context: () => OrderChangeContext;
  track: (work: Promise<void>) => void;
  intervalMs?: number;
}): { stop(): void } {
  return sweepEvery({
    ...options,
    work: endUnpaidStripeOrders,
    intervalMs: options.intervalMs ?? PAYMENT_SWEEP_INTERVAL_MS,
    failure: "ending unpaid orders failed",
  });
}

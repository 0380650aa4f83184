import { orderStatusChanges, orders, type Transaction } from "@vitrine/db";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.server.ts";
import { type OrderStatus, restoresStock } from "../../lib/order-status.ts";
import { restoreOrderStock } from "../catalogue/stock.server.ts";
import { releaseCouponUsage } from "../coupons/coupons.server.ts";
import { grantOrderDownloads, grantsDownloads } from "../downloads/download-permissions.server.ts";
import { deliverNewOrderMails, oweOrderMails } from "../mail/mail-outbox.server.ts";
import { oweStatusMails } from "../mail/owed-mails.server.ts";
import { DEADLOCK_DETECTED, databaseRefusal } from "../shared/database-errors.server.ts";
import { PageTags } from "../shared/page-tags.server.ts";

/**
 * What every change of a placed order does inside its transaction and after its commit, whichever
 * use case made it (a status change, a refund): the status with its history row, which is also the
 * change's note (decision 0063), its mails owed and its stock back; then the pages purged and the
 * mails sent after the answer.
 */

/** What a change needs of the request's context. */
export type OrderChangeContext = Pick<
  AppContext,
  "db" | "invalidatePages" | "mailer" | "logger" | "settings" | "config" | "afterAnswer"
>;

/**
 * In a transaction that holds the order's row: gives it `to`, writes its history row (who, from, to,
 * when: the note "Order status changed from X to Y.", shown in the reader's language), owes the
 * mails the move sends and, for a cancellation or a refund, gives back its coupons' uses and puts
 * back the stock that has not gone back yet. Answers the products whose stock came back.
 *
 * A payment made away from the checkout (Stripe, issue 42) moves its order too: `placesOrder` when
 * the payment is what places it (pending → processing, or on hold while a delayed payment clears),
 * which owes the placed order's mails (the shopper's confirmation, the owner's new order, once per
 * order, as a checkout's) instead of the move's, which would tell the shopper twice; `returnsStock`
 * when the move gives the stock back although its status alone would not (a payment that failed:
 * the stock it held goes back to the shelves).
 */
export async function moveOrderStatus(
  tx: Transaction,
  move: {
    orderId: number;
    from: OrderStatus;
    to: OrderStatus;
    by: number | null;
    placesOrder?: boolean;
    returnsStock?: boolean;
  },
): Promise<number[]> {
  await tx.update(orders).set({ status: move.to }).where(eq(orders.id, move.orderId));
  const [change] = await tx
    .insert(orderStatusChanges)
    .values({ orderId: move.orderId, fromStatus: move.from, toStatus: move.to, changedBy: move.by })
    .returning({ id: orderStatusChanges.id });
  if (move.placesOrder) await oweOrderMails(tx, move.orderId);
  else
    await oweStatusMails(tx, { orderId: move.orderId, from: move.from, to: move.to, changeId: change!.id });
  // Paid (processing or completed): its files are granted, once (decision 0075). The processing and
  // completed mails, sent after the commit, list them.
  if (grantsDownloads(move.to)) await grantOrderDownloads(tx, move.orderId);
  if (!restoresStock(move.to) && !move.returnsStock) return [];
  // A cancelled or refunded order gives its coupons' uses back (decision 0068).
  await releaseCouponUsage(tx, move.orderId);
  return restoreOrderStock(tx, move.orderId);
}

/**
 * After the change's commit: the products whose stock came back have their cached pages purged
 * (they show stock, and may have said "out of stock"), and the mails the change owed go out after
 * the answer; the outbox retries any that fails.
 */
export function orderChanged(
  context: OrderChangeContext,
  orderId: number,
  restocked: readonly number[],
): void {
  if (restocked.length > 0) context.invalidatePages(restocked.map(PageTags.product));
  context.afterAnswer(
    deliverNewOrderMails(context, orderId).then(
      () => undefined,
      (error) => context.logger.warn({ err: error, orderId }, "order mails left owed"),
    ),
  );
}

const ATTEMPTS = 3;

/**
 * Runs a transaction again when the database chose it as a deadlock's victim (a restock and a
 * checkout both lock product rows), up to 3 times: it rolled back whole, so running it again is safe.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS || databaseRefusal(error)?.code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

import { orderLines, orderNotes, orderRefundLines, orders, type Transaction } from "@vitrine/db";
import { and, eq, sql } from "drizzle-orm";
import { canChangeStatus, type OrderStatus, restoresStock } from "../../lib/order-status.ts";
import { confirmationSentByHand } from "../mail/mail-outbox.server.ts";
import { oweCustomerNoteMail } from "../mail/owed-mails.server.ts";
import { mailOrderConfirmation } from "./order-mail.server.tsx";
import {
  moveOrderStatus,
  type OrderChangeContext,
  orderChanged,
  withDeadlockRetry,
} from "./order-moves.server.ts";
import { notesOf, type OrderNote } from "./orders.server.ts";
import { refundTheRest } from "./refunds.server.ts";

/**
 * What administrators do to a placed order (issue 16, decision 0032; issue 40, decision 0063):
 * change its status, which may put its stock back; write notes, for the staff or to the customer;
 * send the confirmation again. Refunds are refunds.server.ts.
 * The REST routes (api/rest/orders.server.ts) are the one entry point; the back office's pages call
 * them through the browser's REST client.
 */

export type OrderChangeErrorCode = "not_found" | "invalid_transition" | "no_email" | "mail_failed";

export class OrderChangeError extends Error {
  override name = "OrderChangeError";
  constructor(
    readonly code: OrderChangeErrorCode,
    readonly details: { from?: OrderStatus; to?: OrderStatus } = {},
  ) {
    super(code);
  }
}

export type OrdersAdminContext = OrderChangeContext;

export type StatusChange = {
  from: OrderStatus;
  to: OrderStatus;
  /** False when the order already had the status: nothing was written. */
  changed: boolean;
  /** The products whose stock came back with this change (none when it had all come back before). */
  restockedProductIds: number[];
};

/**
 * Gives the order `status`, in one transaction with its history row (the change's note), the mails
 * the move owes and, for a cancellation or a refund, the stock that has not gone back yet. A refund
 * by hand also refunds what is left of the order's total, as WooCommerce does. The order row is
 * locked first, so concurrent changes of one order run one after the other and each sees the status
 * the previous one left. The same status again changes nothing; a change the rules do not allow
 * (`lib/order-status.ts`), or one that would reopen an order whose items went back into stock
 * unrefunded (a payment that failed), writes nothing and throws `invalid_transition`. The mails go after the
 * commit, after the answer.
 */
export async function changeOrderStatus(
  context: OrdersAdminContext,
  orderId: number,
  status: OrderStatus,
  by: number | null,
): Promise<StatusChange> {
  const change = await withDeadlockRetry(() =>
    context.db.transaction(async (tx): Promise<StatusChange> => {
      const [order] = await tx
        .select({ status: orders.status, total: orders.total })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!order) throw new OrderChangeError("not_found");
      if (order.status === status)
        return { from: order.status, to: status, changed: false, restockedProductIds: [] };
      if (
        !canChangeStatus(order.status, status) ||
        (!restoresStock(status) && (await hasStockBackUnrefunded(tx, orderId)))
      )
        throw new OrderChangeError("invalid_transition", { from: order.status, to: status });
      if (status === "refunded") await refundTheRest(context, tx, { id: orderId, total: order.total }, by);
      const restockedProductIds = await moveOrderStatus(tx, { orderId, from: order.status, to: status, by });
      return { from: order.status, to: status, changed: true, restockedProductIds };
    }),
  );
  if (change.changed) orderChanged(context, orderId, change.restockedProductIds);
  return change;
}

/**
 * Whether items of the order went back into stock without being refunded: an order whose payment
 * failed gave its stock back (payments/stripe-settlement.server.ts). Like a cancelled order, it may
 * then only be cancelled or refunded: reopening it would sell items no longer taken from the stock
 * (decision 0063); the shopper orders again.
 */
async function hasStockBackUnrefunded(tx: Transaction, orderId: number): Promise<boolean> {
  const refunded = sql`coalesce((select sum(${orderRefundLines.quantity}) from ${orderRefundLines} where ${orderRefundLines.orderLineId} = ${orderLines.id}), 0)`;
  const [line] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.restockedQuantity} > ${refunded}`))
    .limit(1);
  return line !== undefined;
}

/**
 * Writes a note on the order by `by`; a note to the customer is owed to them by mail in the same
 * transaction (sent after the answer, retried by the outbox) and shows on their order's page in My
 * account.
 */
export async function addOrderNote(
  context: OrdersAdminContext,
  orderId: number,
  input: { note: string; customerNote: boolean },
  by: number | null,
): Promise<OrderNote> {
  const noteId = await context.db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new OrderChangeError("not_found");
    return writeOrderNote(tx, { orderId, body: input.note, toCustomer: input.customerNote, by });
  });
  if (input.customerNote) orderChanged(context, orderId, []);
  const notes = await notesOf(context.db, orderId);
  return notes.find((note) => note.id === noteId)!;
}

/**
 * In the caller's transaction: a note on the order by `by` (null: the store itself, as a payment's
 * notes are); one to the customer is owed to them by mail. Answers the note's id.
 */
export async function writeOrderNote(
  tx: Transaction,
  note: { orderId: number; body: string; toCustomer: boolean; by: number | null },
): Promise<number> {
  const [written] = await tx
    .insert(orderNotes)
    .values({ orderId: note.orderId, authorId: note.by, body: note.body, toCustomer: note.toCustomer })
    .returning({ id: orderNotes.id });
  if (note.toCustomer) await oweCustomerNoteMail(tx, { orderId: note.orderId, noteId: written!.id });
  return written!.id;
}

/** Sends the order's confirmation mail again, the way the checkout sent it; answers where it went. */
export async function resendOrderConfirmation(
  context: OrdersAdminContext,
  orderId: number,
): Promise<{ sentTo: string }> {
  let result: Awaited<ReturnType<typeof mailOrderConfirmation>>;
  try {
    result = await mailOrderConfirmation(context, orderId);
  } catch (error) {
    context.logger.error({ err: error, orderId }, "order confirmation mail failed");
    throw new OrderChangeError("mail_failed");
  }
  if ("unsent" in result)
    throw new OrderChangeError(result.unsent === "unknown_order" ? "not_found" : "no_email");
  await confirmationSentByHand(context.db, orderId);
  return result;
}

import { orderNotes, orderStatusChanges, orders } from "@vitrine/db";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.server.ts";
import { canChangeStatus, type OrderStatus, restoresStock } from "../../lib/order-status.ts";
import { restoreOrderStock } from "../catalogue/stock.server.ts";
import { confirmationSentByHand } from "../mail/mail-outbox.server.ts";
import { DEADLOCK_DETECTED, databaseRefusal } from "../shared/database-errors.server.ts";
import { PageTags } from "../shared/page-tags.server.ts";
import { mailOrderConfirmation, sendCustomerNote } from "./order-mail.server.tsx";
import { notesOf, type OrderNote } from "./orders.server.ts";

/**
 * What administrators do to a placed order (issue 16, decision 0032): change its status, which may
 * put its stock back; write notes, for the staff or to the customer; send the confirmation again.
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

export type OrdersAdminContext = Pick<
  AppContext,
  "db" | "invalidatePages" | "mailer" | "logger" | "settings" | "config"
>;

export type StatusChange = {
  from: OrderStatus;
  to: OrderStatus;
  /** False when the order already had the status: nothing was written. */
  changed: boolean;
  /** The products whose stock came back with this change (none when it had come back before). */
  restockedProductIds: number[];
};

const ATTEMPTS = 3;

/**
 * Gives the order `status`, in one transaction with its history row and, for a cancellation or a
 * refund, its stock put back (once in the order's life). The order row is locked first, so
 * concurrent changes of one order run one after the other and each sees the status the previous
 * one left. The same status again changes nothing; a change the rules do not allow
 * (`lib/order-status.ts`) writes nothing and throws `invalid_transition`.
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
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      if (!order) throw new OrderChangeError("not_found");
      if (order.status === status)
        return { from: order.status, to: status, changed: false, restockedProductIds: [] };
      if (!canChangeStatus(order.status, status))
        throw new OrderChangeError("invalid_transition", { from: order.status, to: status });
      await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
      await tx
        .insert(orderStatusChanges)
        .values({ orderId, fromStatus: order.status, toStatus: status, changedBy: by });
      const restockedProductIds = restoresStock(status) ? await restoreOrderStock(tx, orderId) : [];
      return { from: order.status, to: status, changed: true, restockedProductIds };
    }),
  );
  // Their pages and cards show stock, and may have said "out of stock".
  if (change.restockedProductIds.length > 0)
    context.invalidatePages(change.restockedProductIds.map(PageTags.product));
  return change;
}

async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= ATTEMPTS || databaseRefusal(error)?.code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/**
 * Writes a note on the order by `by`; a note to the customer is also mailed to them and shows on
 * their order's page in My account.
 */
export async function addOrderNote(
  context: OrdersAdminContext,
  orderId: number,
  input: { note: string; customerNote: boolean },
  by: number | null,
): Promise<OrderNote> {
  const [order] = await context.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new OrderChangeError("not_found");
  const [written] = await context.db
    .insert(orderNotes)
    .values({ orderId, authorId: by, body: input.note, toCustomer: input.customerNote })
    .returning({ id: orderNotes.id });
  if (input.customerNote) await sendCustomerNote(context, orderId, input.note);
  const notes = await notesOf(context.db, orderId);
  return notes.find((note) => note.id === written!.id)!;
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

import type { MailKind, Transaction } from "@vitrine/db";
import type { OrderStatus } from "../../lib/order-status.ts";
import { oweMail } from "./mail-outbox.server.ts";

/**
 * Which mails an order's events owe (issue 40, decision 0062), by WooCommerce's rules for its
 * e-mails' triggers: each is written in the transaction of the event, so the outbox sends it once
 * the change is committed, and never twice. Whether a kind is switched on is the sender's question,
 * asked when the mail is sent.
 */

/** The status moves each mail follows: `from` null is any status. */
const STATUS_MAILS: Array<{ kind: MailKind; to: OrderStatus; from: readonly OrderStatus[] | null }> = [
  // To the shopper.
  { kind: "customer_on_hold_order", to: "on-hold", from: ["pending", "failed", "cancelled"] },
  {
    kind: "customer_processing_order",
    to: "processing",
    from: ["pending", "on-hold", "failed", "cancelled"],
  },
  { kind: "customer_completed_order", to: "completed", from: null },
  // To the owner.
  { kind: "cancelled_order", to: "cancelled", from: ["processing", "on-hold"] },
  { kind: "failed_order", to: "failed", from: ["pending", "on-hold"] },
];

/** The mails a move from `from` to `to` owes, by the rules above. */
export function statusMailKinds(from: OrderStatus, to: OrderStatus): MailKind[] {
  return STATUS_MAILS.filter(
    (rule) => rule.to === to && (rule.from === null || rule.from.includes(from)),
  ).map((rule) => rule.kind);
}

/**
 * In the transaction that changed the order's status: owes the mails the move sends. `changeId` (the
 * status history row's id) names them, so an order that comes back to a status gets its mail again.
 */
export async function oweStatusMails(
  tx: Transaction,
  change: { orderId: number; from: OrderStatus; to: OrderStatus; changeId: number },
): Promise<void> {
  for (const kind of statusMailKinds(change.from, change.to))
    await oweMail(tx, { kind, orderId: change.orderId, ref: change.changeId });
}

/** In the refund's transaction: the shopper's refund mail (full when nothing is left to refund). */
export async function oweRefundMail(
  tx: Transaction,
  refund: { orderId: number; refundId: number; full: boolean },
): Promise<void> {
  await oweMail(tx, {
    kind: "customer_refunded_order",
    orderId: refund.orderId,
    ref: refund.refundId,
    payload: { refundId: refund.refundId, full: refund.full },
  });
}

/** In the note's transaction: a note to the customer is mailed to them. */
export async function oweCustomerNoteMail(
  tx: Transaction,
  note: { orderId: number; noteId: number },
): Promise<void> {
  await oweMail(tx, {
    kind: "customer_note",
    orderId: note.orderId,
    ref: note.noteId,
    payload: { noteId: note.noteId },
  });
}

/** In the placing transaction: the owner's "new order" mail, beside the shopper's confirmation. */
export async function oweNewOrderMail(tx: Transaction, orderId: number): Promise<void> {
  await oweMail(tx, { kind: "new_order", orderId });
}

import type { MailKind, Transaction } from "@vitrine/db";
import type { OrderStatus } from "../../lib/order-status.ts";
import { NO_STOCK_THRESHOLD } from "../../lib/stock-rules.ts";
import { mailKey, oweMail } from "./mail-outbox.server.ts";

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

/**
 * In the transaction that learnt of it: the owner's mail about a payment the shopper's bank disputes
 * (issue 42), once per dispute.
 */
export async function oweDisputeMail(
  tx: Transaction,
  dispute: { orderId: number; disputeId: string; amount: number; currency: string; reason: string },
): Promise<void> {
  await oweMail(tx, {
    kind: "payment_dispute",
    orderId: dispute.orderId,
    ref: dispute.disputeId,
    payload: {
      disputeId: dispute.disputeId,
      amount: dispute.amount,
      currency: dispute.currency,
      reason: dispute.reason,
    },
  });
}

/** A product's (or variation's) stock as one order line's decrement left it. */
export type StockChange = {
  orderId: number;
  productId: number;
  variationId: number | null;
  /** The order line's name and its variation's options, kept for the mail should the product go. */
  name: string;
  options: string;
  quantity: number;
  /** The stock after the decrement; null when the stock is not counted. */
  stock: number | null;
  status: "instock" | "outofstock" | "onbackorder";
  /** The product's low-stock threshold (a variation's is its product's). */
  lowThreshold: number;
};

/**
 * The stock mail a decrement owes, by WooCommerce's rules at the moment the stock crosses a line
 * (decision 0062): out of stock when it reaches the no-stock threshold, low stock when it falls to
 * the product's threshold or under it from above, a backorder when the product is sold on backorder
 * without a count. A crossing happens once: the next order of a product already low crosses nothing,
 * until a restock lifts it above the line again. A counted stock taken below zero owes a backorder
 * besides (`stockMailKinds`).
 */
export function stockMailKind(
  change: Pick<StockChange, "quantity" | "stock" | "status" | "lowThreshold">,
): MailKind | null {
  if (change.stock === null) return change.status === "onbackorder" ? "backorder" : null;
  const before = change.stock + change.quantity;
  if (change.stock <= NO_STOCK_THRESHOLD && before > NO_STOCK_THRESHOLD) return "no_stock";
  if (change.stock <= change.lowThreshold && before > change.lowThreshold) return "low_stock";
  return null;
}

/**
 * Every stock mail a decrement owes: its crossing's (`stockMailKind`), and a backorder for each order
 * that leaves a counted stock below zero (WooCommerce's `woocommerce_product_on_backorder`, decision
 * 0080), mailed whatever the backorders setting, as WooCommerce does.
 */
export function stockMailKinds(
  change: Pick<StockChange, "quantity" | "stock" | "status" | "lowThreshold">,
): MailKind[] {
  const crossing = stockMailKind(change);
  const below = change.stock !== null && change.stock < 0;
  return [...(crossing ? [crossing] : []), ...(below ? (["backorder"] as const) : [])];
}

/**
 * In the placing transaction, after a line's decrement: owes the stock mail it crossed into, named
 * by the order and the product, so each crossing is mailed once.
 */
export async function oweStockMails(tx: Transaction, change: StockChange): Promise<void> {
  const item =
    change.variationId === null ? `product-${change.productId}` : `variation-${change.variationId}`;
  for (const kind of stockMailKinds(change))
    await oweMail(tx, {
      kind,
      orderId: change.orderId,
      ref: item,
      payload: {
        productId: change.productId,
        variationId: change.variationId,
        name: change.name,
        options: change.options,
        quantity: change.quantity,
        stock: change.stock,
      },
    });
}

/** In the transaction that created a shopper's account: their "new account" mail. */
export async function oweNewAccountMail(tx: Transaction, userId: number): Promise<string> {
  const mail = { kind: "customer_new_account" as const, ref: `user-${userId}`, payload: { userId } };
  await oweMail(tx, mail);
  return mailKey(mail);
}

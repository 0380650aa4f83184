import type { Transaction } from "@vitrine/db";
import { createI18n } from "../../i18n/i18n.ts";
import { OWNER_LOCALE } from "../mail/store-mail.server.ts";
import { type OrderChangeContext, orderChanged, withDeadlockRetry } from "../orders/order-moves.server.ts";
import { writeOrderNote } from "../orders/orders-admin.server.ts";

/**
 * What every change a payment provider's word makes to an order shares (issue 42, decision 0073): one
 * transaction (run again when a deadlock chose it), then the purge of the restocked products' pages
 * and the order's new mails after the answer, as every other change of an order (order-moves).
 */

/** What one payment transaction did, for what follows its commit. */
export type PaymentChange = {
  /** The order it is about; null when no order of the store's is. */
  orderId: number | null;
  /** Whether anything was written: only then does anything follow the commit. */
  changed: boolean;
  /** The products whose stock came back. */
  restocked: readonly number[];
};

export const NOTHING_CHANGED: PaymentChange = { orderId: null, changed: false, restocked: [] };

export async function inPaymentTransaction<T extends PaymentChange>(
  context: OrderChangeContext,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const done = await withDeadlockRetry(() => context.db.transaction(work));
  if (done.changed && done.orderId !== null) orderChanged(context, done.orderId, done.restocked);
  return done;
}

/** A payment's note on the order, by the store itself, in the owner's language (`backOffice.paymentNotes`). */
export async function paymentNote(
  tx: Transaction,
  orderId: number,
  note: PaymentNote,
  values: Record<string, string>,
): Promise<void> {
  const body = createI18n(OWNER_LOCALE).t(`backOffice.paymentNotes.${note}`, values);
  await writeOrderNote(tx, { orderId, body, toCustomer: false, by: null });
}

export type PaymentNote =
  | "paid"
  | "waiting"
  | "failed"
  | "expired"
  | "unpaidCancelled"
  | "surplusRefunded"
  | "dashboardRefund"
  | "refundFailed"
  | "dispute";

import { orderLines, orderNotes, orderRefunds, orders } from "@vitrine/db";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Locale } from "../../i18n/i18n.ts";
import type { StoreMailKind } from "../../lib/store-mails.ts";
import { orderConfirmation } from "../orders/order-mail.server.tsx";
import { newAccountMail } from "./account-mails.server.tsx";
import type { MailMessage } from "./mail.server.ts";
import { untaxedFigures } from "./mail-parts.server.tsx";
import {
  customerNoteMail,
  disputeMail,
  mailStore,
  type OrderForMails,
  orderForMails,
  ownerOrderMail,
  refundForMail,
  refundMail,
  shopperStatusMail,
} from "./order-mails.server.tsx";
import { stockMail } from "./stock-mails.server.tsx";
import { type MailContext, ownerRecipients } from "./store-mail.server.ts";

/**
 * The back office's preview of each mail (decision 0062): the very mail a sender would make, in the
 * language asked for, from the store's latest order (its latest refund and note to the customer
 * when it has them) or, in a store without orders, from a sample; nothing is owed or sent.
 */

export type MailPreview = MailMessage & {
  kind: StoreMailKind;
  locale: Locale;
  /** The order the preview was made from; null for a sample. */
  orderId: number | null;
};

const SAMPLE_ORDER: Omit<OrderForMails, "receiptUrl" | "adminUrl"> = {
  id: 1234,
  locale: "en",
  currency: "EUR",
  email: "ada@example.com",
  firstName: "Ada",
  customerName: "Ada Lovelace",
  paymentMethod: "bacs",
  ...untaxedFigures(
    [
      { name: "Mug", quantity: 2, total: 2000 },
      { name: "Teapot", quantity: 1, total: 2500 },
    ],
    { label: "flat_rate", cost: 500 },
  ),
};

/** The latest order as its mails show it, or the sample. */
async function previewOrder(context: MailContext): Promise<{ order: OrderForMails; real: boolean }> {
  const [latest] = await context.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.id)).limit(1);
  const order = latest && (await orderForMails(context, latest.id));
  if (order) return { order, real: true };
  const base = context.config.publicUrl;
  return {
    order: {
      ...SAMPLE_ORDER,
      receiptUrl: `${base}/checkout/order-received/${SAMPLE_ORDER.id}?key=wc_order_sample`,
      adminUrl: `${base}/admin/orders/${SAMPLE_ORDER.id}`,
    },
    real: false,
  };
}

/** The mail of `kind` as it would go out now, in `locale`. */
export async function previewMail(
  context: MailContext,
  kind: StoreMailKind,
  locale: Locale,
): Promise<MailPreview> {
  const { order, real } = await previewOrder(context);
  const store = mailStore(context);
  const owner = (await ownerRecipients(context)) ?? "owner@example.com";
  const mail = await (async (): Promise<MailMessage> => {
    switch (kind) {
      case "order_confirmation":
        return orderConfirmation({ ...order, name: order.firstName }, context.settings, store.look, locale);
      case "new_order":
      case "cancelled_order":
      case "failed_order":
        return ownerOrderMail(kind, order, owner, store, locale);
      case "customer_on_hold_order":
      case "customer_processing_order":
      case "customer_completed_order":
        return shopperStatusMail(kind, order, store, locale);
      case "customer_refunded_order": {
        const [latest] = real
          ? await context.db
              .select({ id: orderRefunds.id })
              .from(orderRefunds)
              .where(eq(orderRefunds.orderId, order.id))
              .orderBy(desc(orderRefunds.id))
              .limit(1)
          : [];
        const refund = (latest && (await refundForMail(context, order, latest.id, false))) || {
          amount: Math.min(order.total, 1000),
          reason: "",
          full: false,
          left: Math.max(0, order.total - 1000),
        };
        return refundMail(order, refund, store, locale);
      }
      case "customer_note": {
        const [note] = real
          ? await context.db
              .select({ body: orderNotes.body })
              .from(orderNotes)
              .where(and(eq(orderNotes.orderId, order.id), eq(orderNotes.toCustomer, true)))
              .orderBy(desc(orderNotes.id))
              .limit(1)
          : [];
        const body = note?.body ?? (locale === "es" ? "Tu pedido ha salido hoy." : "Your order left today.");
        return customerNoteMail({ ...order, name: order.firstName }, body, store, locale);
      }
      case "low_stock":
      case "no_stock":
      case "backorder": {
        const [line] = real
          ? await context.db
              .select({
                productId: orderLines.productId,
                name: orderLines.name,
                quantity: orderLines.quantity,
              })
              .from(orderLines)
              .where(eq(orderLines.orderId, order.id))
              .orderBy(asc(orderLines.id))
              .limit(1)
          : [];
        const productId = line?.productId ?? 1;
        const product = {
          productId,
          name: line?.name ?? "Mug",
          stock: kind === "low_stock" ? 2 : kind === "no_stock" ? 0 : null,
          quantity: line?.quantity ?? 1,
          orderId: order.id,
          editUrl: `${context.config.publicUrl}/admin/products/${productId}`,
        };
        return stockMail(kind, product, owner, store, locale);
      }
      case "payment_dispute":
        return disputeMail(
          order,
          { disputeId: "dp_sample", amount: order.total, currency: order.currency, reason: "fraudulent" },
          owner,
          store,
          locale,
        );
      case "customer_new_account":
        return newAccountMail(
          { email: order.email, locale, accountUrl: `${context.config.publicUrl}/my-account` },
          store,
          locale,
        );
    }
  })();
  return { ...mail, kind, locale, orderId: real ? order.id : null };
}

import type { Database } from "@vitrine/db";
import type { Logger } from "pino";
import { renderToStaticMarkup } from "react-dom/server";
import { formatPrice } from "../i18n/format.ts";
import { createI18n, isLocale } from "../i18n/i18n.ts";
import type { Mailer, MailMessage } from "./mail.server.ts";
import { orderWithLines } from "./orders.server.ts";

export type OrderForMail = {
  id: number;
  locale: string;
  currency: string;
  email: string;
  name: string;
  paymentMethod: string;
  subtotal: number;
  shippingTotal: number;
  total: number;
  lines: Array<{ name: string; quantity: number; total: number }>;
  receiptUrl: string;
};

/** The order confirmation, in the language the shopper ordered in. */
export function orderConfirmation(order: OrderForMail, storeName: string): MailMessage {
  const locale = isLocale(order.locale) ? order.locale : "en";
  const t = createI18n(locale).t;
  const money = (cents: number) => formatPrice(cents, order.currency, locale);
  const subject = t("mail.orderSubject", { store: storeName, id: order.id });
  const rows = order.lines.map((line) => `${line.name} × ${line.quantity}: ${money(line.total)}`);
  const text = [
    t("mail.greeting", { name: order.name }),
    "",
    t("mail.orderIntro", { id: order.id }),
    "",
    ...rows,
    `${t("cart.subtotal")}: ${money(order.subtotal)}`,
    `${t("checkout.shippingMethod")}: ${money(order.shippingTotal)}`,
    `${t("cart.total")}: ${money(order.total)}`,
    `${t("checkout.received.method")} ${t(`checkout.payment.${order.paymentMethod}.title`)}`,
    "",
    t("mail.viewOrder", { url: order.receiptUrl }),
  ].join("\n");
  const html = renderToStaticMarkup(
    <html lang={locale}>
      <body style={{ fontFamily: "sans-serif" }}>
        <p>{t("mail.greeting", { name: order.name })}</p>
        <p>{t("mail.orderIntro", { id: order.id })}</p>
        <table cellPadding={4}>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.name}>
                <td>
                  {line.name} × {line.quantity}
                </td>
                <td align="right">{money(line.total)}</td>
              </tr>
            ))}
            <tr>
              <th align="left">{t("cart.total")}</th>
              <td align="right">{money(order.total)}</td>
            </tr>
          </tbody>
        </table>
        <p>
          <a href={order.receiptUrl}>{t("mail.viewOrderLink")}</a>
        </p>
      </body>
    </html>,
  );
  return { to: order.email, subject, text, html: `<!DOCTYPE html>${html}` };
}

/** What the order mails need of the request's context. */
export type OrderMailContext = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  settings: { name: string };
  config: { publicUrl: string };
};

/** Why an order's mail was not sent. */
export type UnsentMail = "unknown_order" | "no_email";

/** The confirmation page of an order, which its key opens for whoever holds the mail. */
function receiptUrl(context: OrderMailContext, order: { id: number; orderKey: string }): string {
  return `${context.config.publicUrl}/checkout/order-received/${order.id}?key=${order.orderKey}`;
}

/**
 * Sends the confirmation of a placed order to its billing address: the checkout's mail and the back
 * office's "resend". Answers where it went, or why it was not sent; a mailer failure is thrown.
 */
export async function mailOrderConfirmation(
  context: OrderMailContext,
  orderId: number,
): Promise<{ sentTo: string } | { unsent: UnsentMail }> {
  const order = await orderWithLines(context.db, orderId);
  if (!order) return { unsent: "unknown_order" };
  if (!order.billingAddress.email) return { unsent: "no_email" };
  await context.mailer.send(
    orderConfirmation(
      {
        id: order.id,
        locale: order.locale,
        currency: order.currency,
        email: order.billingAddress.email,
        name: order.billingAddress.first_name ?? "",
        paymentMethod: order.paymentMethod,
        subtotal: order.subtotal,
        shippingTotal: order.shippingTotal,
        total: order.total,
        lines: order.lines,
        receiptUrl: receiptUrl(context, order),
      },
      context.settings.name,
    ),
  );
  return { sentTo: order.billingAddress.email };
}

/** Sends the confirmation of a placed order; a mail failure is logged, never fails the checkout. */
export async function sendOrderConfirmation(context: OrderMailContext, orderId: number): Promise<void> {
  try {
    await mailOrderConfirmation(context, orderId);
  } catch (error) {
    context.logger.error({ err: error, orderId }, "order confirmation mail failed");
  }
}

/** A note the store wrote to the customer about their order, in the language they ordered in. */
export function customerNoteMail(
  order: { id: number; locale: string; email: string; name: string; receiptUrl: string },
  note: string,
  storeName: string,
): MailMessage {
  const locale = isLocale(order.locale) ? order.locale : "en";
  const t = createI18n(locale).t;
  const subject = t("mail.noteSubject", { store: storeName, id: order.id });
  const text = [
    t("mail.greeting", { name: order.name }),
    "",
    t("mail.noteIntro", { id: order.id }),
    "",
    note,
    "",
    t("mail.viewOrder", { url: order.receiptUrl }),
  ].join("\n");
  const html = renderToStaticMarkup(
    <html lang={locale}>
      <body style={{ fontFamily: "sans-serif" }}>
        <p>{t("mail.greeting", { name: order.name })}</p>
        <p>{t("mail.noteIntro", { id: order.id })}</p>
        <blockquote style={{ whiteSpace: "pre-wrap" }}>{note}</blockquote>
        <p>
          <a href={order.receiptUrl}>{t("mail.viewOrderLink")}</a>
        </p>
      </body>
    </html>,
  );
  return { to: order.email, subject, text, html: `<!DOCTYPE html>${html}` };
}

/**
 * Mails a note to the order's customer; a mail failure is logged, never loses the note (the
 * customer also reads it on their order's page).
 */
export async function sendCustomerNote(
  context: OrderMailContext,
  orderId: number,
  note: string,
): Promise<void> {
  try {
    const order = await orderWithLines(context.db, orderId);
    if (!order?.billingAddress.email) return;
    await context.mailer.send(
      customerNoteMail(
        {
          id: order.id,
          locale: order.locale,
          email: order.billingAddress.email,
          name: order.billingAddress.first_name ?? "",
          receiptUrl: receiptUrl(context, order),
        },
        note,
        context.settings.name,
      ),
    );
  } catch (error) {
    context.logger.error({ err: error, orderId }, "customer note mail failed");
  }
}

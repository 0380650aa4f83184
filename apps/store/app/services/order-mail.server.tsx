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

/** Sends the confirmation of a placed order; a mail failure is logged, never fails the checkout. */
export async function sendOrderConfirmation(
  context: {
    db: Database;
    mailer: Mailer;
    logger: Logger;
    settings: { name: string };
    config: { publicUrl: string };
  },
  orderId: number,
): Promise<void> {
  try {
    const order = await orderWithLines(context.db, orderId);
    if (!order?.billingAddress.email) return;
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
          receiptUrl: `${context.config.publicUrl}/checkout/order-received/${order.id}?key=${order.orderKey}`,
        },
        context.settings.name,
      ),
    );
  } catch (error) {
    context.logger.error({ err: error, orderId }, "order confirmation mail failed");
  }
}

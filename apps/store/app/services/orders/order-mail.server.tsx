import { Column, Heading, Link, Row, Section, Text } from "@react-email/components";
import { Fragment } from "react";
import { formatPrice } from "../../i18n/format.ts";
import { createI18n, isLocale } from "../../i18n/i18n.ts";
import { orderTotalsSummary } from "../../lib/orders.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { DEFAULT_MAIL_COLOUR } from "../../lib/store-mails.ts";
import { BANK_DETAIL_FIELDS, type BankDetails } from "../../lib/store-settings.ts";
import { totalsDisplayOf } from "../../lib/totals/totals-rows.ts";
import type { MailMessage } from "../mail/mail.server.ts";
import {
  type MadeMail,
  type OrderFigures,
  OrderFiguresTable,
  orderFiguresText,
} from "../mail/mail-parts.server.tsx";
import {
  customerNoteMail,
  downloadsText,
  type MailDownload,
  MailDownloads,
  mailDownloads,
} from "../mail/order-mails.server.tsx";
import { type MailLook, renderMail } from "../mail/render-mail.server.tsx";
import { type MailContext, mailLook } from "../mail/store-mail.server.ts";
import { orderForMail } from "./orders.server.ts";

/** The note to the customer's mail is made with the store's other order mails (decision 0062). */
export { customerNoteMail };

export type OrderForMail = {
  id: number;
  locale: string;
  currency: string;
  email: string;
  name: string;
  paymentMethod: string;
  receiptUrl: string;
  /** A paid order's files (placed paid: cash on delivery, the wallet, a card; decision 0075). */
  downloads?: MailDownload[];
  /** What the shopper wrote at the checkout for the store, shown back as WooCommerce's order details do. */
  customerNote?: string;
} & OrderFigures;

/** What a confirmation shows of the store: its name, its postal address, and where a transfer is paid. */
export type StoreForMail = Pick<StoreSettings, "name" | "address" | "payments" | "mails" | "taxes">;

/** The store's address as the mail's footer lines, empty parts left out. */
function storeAddressLines(store: StoreForMail): string[] {
  const { line1, line2, city, postcode, country } = store.address;
  return [store.name, line1, line2, [postcode, city].filter(Boolean).join(" "), country].filter(Boolean);
}

/** The bank details a bank-transfer order's mail carries: the filled-in ones, with their labels' keys. */
function bankDetailRows(order: OrderForMail, store: StoreForMail): Array<[string, string]> {
  if (order.paymentMethod !== "bacs") return [];
  const details: BankDetails = store.payments.bacs.details;
  return BANK_DETAIL_FIELDS.filter((field) => details[field] !== "").map((field) => [
    `checkout.bankDetails.${field}`,
    details[field],
  ]);
}

/** The order confirmation, in the language the shopper ordered in. */
export function orderConfirmation(
  order: OrderForMail,
  store: StoreForMail,
  look?: MailLook,
  locale = isLocale(order.locale) ? order.locale : "en",
): Promise<MailMessage> {
  const t = createI18n(locale).t;
  const money = (cents: number) => formatPrice(cents, order.currency, locale);
  const bank = bankDetailRows(order, store);
  const footer = storeAddressLines(store);
  const note = order.customerNote ? t("mail.store.customerNote", { note: order.customerNote }) : null;
  const text = [
    t("mail.greeting", { name: order.name }),
    "",
    t("mail.orderIntro", { id: order.id }),
    "",
    ...downloadsText(order.downloads ?? [], t),
    ...orderFiguresText(order, t, money),
    `${t("checkout.received.method")} ${t(`checkout.payment.${order.paymentMethod}.title`)}`,
    ...(note ? [note] : []),
    ...(bank.length > 0
      ? ["", t("checkout.bankDetails.title"), ...bank.map(([key, value]) => `${t(key)}: ${value}`)]
      : []),
    "",
    t("mail.viewOrder", { url: order.receiptUrl }),
    ...(footer.length > 0 ? ["", "--", ...footer] : []),
  ].join("\n");
  return renderMail({
    to: order.email,
    subject: t("mail.orderSubject", { store: store.name, id: order.id }),
    locale,
    storeName: store.name,
    look,
    preview: t("mail.orderIntro", { id: order.id }),
    text,
    body: (
      <>
        <Text>{t("mail.greeting", { name: order.name })}</Text>
        <Text>{t("mail.orderIntro", { id: order.id })}</Text>
        <MailDownloads
          downloads={order.downloads ?? []}
          look={look ?? { logoUrl: null, colour: DEFAULT_MAIL_COLOUR }}
          t={t}
        />
        <OrderFiguresTable order={order} t={t} money={money} />
        {note ? <Text style={{ whiteSpace: "pre-wrap" }}>{note}</Text> : null}
        {bank.length > 0 && (
          <Section>
            <Heading as="h2">{t("checkout.bankDetails.title")}</Heading>
            {bank.map(([key, value]) => (
              <Row key={key}>
                <Column>
                  <strong>{t(key)}</strong>
                </Column>
                <Column>{value}</Column>
              </Row>
            ))}
          </Section>
        )}
        <Text>
          <Link href={order.receiptUrl}>{t("mail.viewOrderLink")}</Link>
        </Text>
        {footer.length > 0 && (
          <Text style={{ color: "#57534e" }}>
            {footer.map((line, index) => (
              <Fragment key={line}>
                {index > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </Text>
        )}
      </>
    ),
  });
}

/** What the order mails need of the request's context. */
export type OrderMailContext = Omit<MailContext, "settings"> & { settings: StoreForMail };

/** Why an order's mail was not sent. */
export type UnsentMail = "unknown_order" | "no_email";

/** The confirmation page of an order, which its key opens for whoever holds the mail. */
function receiptUrl(context: OrderMailContext, order: { id: number; orderKey: string }): string {
  return `${context.config.publicUrl}/checkout/order-received/${order.id}?key=${order.orderKey}`;
}

/** The confirmation of a placed order to its billing address, made; or why there is none to send. */
export async function makeOrderConfirmation(context: OrderMailContext, orderId: number): Promise<MadeMail> {
  const order = await orderForMail(context, orderId);
  if (!order) return { unsent: "unknown_order" };
  if (!order.billingAddress.email) return { unsent: "no_email" };
  const mail = await orderConfirmation(
    {
      id: order.id,
      locale: order.locale,
      currency: order.currency,
      email: order.billingAddress.email,
      name: order.billingAddress.first_name ?? "",
      paymentMethod: order.paymentMethod,
      total: order.total,
      lines: order.lines,
      totals: orderTotalsSummary(order),
      display: totalsDisplayOf(context.settings.taxes),
      receiptUrl: receiptUrl(context, order),
      downloads: await mailDownloads(context, order.id),
      customerNote: order.customerNote,
    },
    context.settings,
    mailLook(context),
  );
  return { mail };
}

/**
 * Sends the confirmation of a placed order to its billing address: the checkout's mail and the back
 * office's "resend". Answers where it went, or why it was not sent; a mailer failure is thrown.
 */
export async function mailOrderConfirmation(
  context: OrderMailContext,
  orderId: number,
): Promise<{ sentTo: string } | { unsent: UnsentMail }> {
  const made = await makeOrderConfirmation(context, orderId);
  if ("unsent" in made) return { unsent: made.unsent as UnsentMail };
  await context.mailer.send(made.mail);
  return { sentTo: made.mail.to };
}

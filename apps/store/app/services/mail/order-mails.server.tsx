import { Text } from "@react-email/components";
import { orderNotes, orderRefunds } from "@vitrine/db";
import { and, eq, lte, sum } from "drizzle-orm";
import type { TFunction } from "i18next";
import { formatPrice } from "../../i18n/format.ts";
import { createI18n, type Locale } from "../../i18n/i18n.ts";
import { orderTotalsSummary } from "../../lib/orders.ts";
import { DEFAULT_MAIL_COLOUR } from "../../lib/store-mails.ts";
import { totalsDisplayOf } from "../../lib/totals/totals-rows.ts";
import { downloadsOfOrder } from "../downloads/download-permissions.server.ts";
import { orderForMail } from "../orders/orders.server.ts";
import type { MailMessage } from "./mail.server.ts";
import {
  type MadeMail,
  MailHeading,
  MailLink,
  type MailStore,
  type OrderFigures,
  OrderFiguresTable,
  type OwedMailRow,
  orderFiguresText,
  payloadId,
} from "./mail-parts.server.tsx";
import { type MailLook, renderMail } from "./render-mail.server.tsx";
import {
  type MailContext,
  mailLook,
  OWNER_LOCALE,
  ownerRecipients,
  shopperLocale,
} from "./store-mail.server.ts";

/**
 * The mails about an order (issue 40, decision 0062), WooCommerce's: to the owner, a new, cancelled
 * or failed order, and a disputed payment (issue 42); to the shopper, their order on hold, being processed, completed, refunded (in full
 * or in part) and a note written to them. The shopper's are in the order's language, the owner's in
 * the store's. Each is made from plain data (`OrderForMails`), so the back office previews the
 * same mail from a real order or a sample; the senders read that data for an owed mail.
 */

/** An order as its mails show it. */
export type OrderForMails = OrderFigures & {
  id: number;
  locale: string;
  email: string;
  firstName: string;
  /** The billing name, for the owner. */
  customerName: string;
  paymentMethod: string;
  /** The shopper's page of the order (its key opens it). */
  receiptUrl: string;
  /** The order in the back office, for the owner. */
  adminUrl: string;
  /** What the shopper wrote at the checkout for the store; the owner's mails show it, as WooCommerce's. */
  customerNote?: string;
  /** A paid order's files with their signed links, absolute (decision 0075); the processing and completed mails list them. */
  downloads?: MailDownload[];
};

/** A file a paid order opens, as a mail lists it. */
export type MailDownload = { name: string; productName: string; url: string };

const downloadLine = (download: MailDownload, t: TFunction) =>
  t("mail.downloadLine", { product: download.productName, name: download.name });

/** A paid order's files in a mail's plain text: a heading, each file's line and link, a blank line. */
export function downloadsText(downloads: readonly MailDownload[], t: TFunction): string[] {
  if (downloads.length === 0) return [];
  return [t("mail.downloadsHeading"), ...downloads.map((d) => `${downloadLine(d, t)}: ${d.url}`), ""];
}

/** A paid order's files in a mail: each a link signed for its order and file (decision 0075). */
export function MailDownloads(props: { downloads: readonly MailDownload[]; look: MailLook; t: TFunction }) {
  if (props.downloads.length === 0) return null;
  return (
    <>
      <Text style={{ fontWeight: 600, margin: "16px 0 4px" }}>{props.t("mail.downloadsHeading")}</Text>
      {props.downloads.map((download) => (
        <MailLink key={download.url} look={props.look} href={download.url}>
          {downloadLine(download, props.t)}
        </MailLink>
      ))}
    </>
  );
}

/** A refund as its mail shows it: the amount, the reason, whether it was the last, what is left. */
export type RefundForMail = { amount: number; reason: string; full: boolean; left: number };

type OwnerOrderKind = "new_order" | "cancelled_order" | "failed_order";
type ShopperStatusKind = "customer_on_hold_order" | "customer_processing_order" | "customer_completed_order";

const OWNER_WORDS: Record<OwnerOrderKind, { subject: string; intro: string }> = {
  new_order: { subject: "mail.store.newOrderSubject", intro: "mail.store.newOrderIntro" },
  cancelled_order: { subject: "mail.store.cancelledSubject", intro: "mail.store.cancelledIntro" },
  failed_order: { subject: "mail.store.failedSubject", intro: "mail.store.failedIntro" },
};

const SHOPPER_WORDS: Record<ShopperStatusKind, { subject: string; intro: string }> = {
  customer_on_hold_order: { subject: "mail.store.onHoldSubject", intro: "mail.store.onHoldIntro" },
  customer_processing_order: {
    subject: "mail.store.processingSubject",
    intro: "mail.store.processingIntro",
  },
  customer_completed_order: { subject: "mail.store.completedSubject", intro: "mail.store.completedIntro" },
};

function wordsFor(locale: Locale, currency: string) {
  const t = createI18n(locale).t;
  return { t, money: (cents: number) => formatPrice(cents, currency, locale) };
}

/**
 * To the owner: an order came in, was cancelled, or its payment failed; in the store's language.
 * A reply goes to the shopper, as WooCommerce's Reply-To on these three mails.
 */
export function ownerOrderMail(
  kind: OwnerOrderKind,
  order: OrderForMails,
  to: string,
  store: MailStore,
  locale: Locale = OWNER_LOCALE,
): Promise<MailMessage> {
  const { t, money } = wordsFor(locale, order.currency);
  const words = OWNER_WORDS[kind];
  const intro = t(words.intro, { id: order.id, name: order.customerName });
  const customer = t("mail.store.customerLine", { name: order.customerName, email: order.email });
  const note = order.customerNote ? t("mail.store.customerNote", { note: order.customerNote }) : null;
  const name = order.customerName === order.email ? "" : order.customerName;
  return renderMail({
    to,
    subject: t(words.subject, { store: store.name, id: order.id }),
    ...(order.email && { replyTo: { name, address: order.email } }),
    locale,
    storeName: store.name,
    look: store.look,
    preview: intro,
    text: [
      intro,
      "",
      ...orderFiguresText(order, t, money),
      "",
      customer,
      ...(note ? ["", note] : []),
      "",
      t("mail.store.manageOrder", { url: order.adminUrl }),
    ].join("\n"),
    body: (
      <>
        <MailHeading look={store.look}>{t(words.subject, { store: store.name, id: order.id })}</MailHeading>
        <Text>{intro}</Text>
        <OrderFiguresTable order={order} t={t} money={money} />
        <Text>{customer}</Text>
        {note ? <Text style={{ whiteSpace: "pre-wrap" }}>{note}</Text> : null}
        <MailLink look={store.look} href={order.adminUrl}>
          {t("mail.store.manageOrderLink")}
        </MailLink>
      </>
    ),
  });
}

/** A dispute as its mail shows it: Stripe's id, the amount held back and the bank's stated reason. */
export type DisputeForMail = { disputeId: string; amount: number; currency: string; reason: string };

/**
 * To the owner: the shopper's bank disputes the order's payment (issue 42), in the store's language:
 * the amount it holds back, the reason it gives, and where to answer (Stripe's dashboard, within
 * the bank's deadline).
 */
export function disputeMail(
  order: OrderForMails,
  dispute: DisputeForMail,
  to: string,
  store: MailStore,
  locale: Locale = OWNER_LOCALE,
): Promise<MailMessage> {
  const t = createI18n(locale).t;
  const subject = t("mail.store.disputeSubject", { store: store.name, id: order.id });
  const intro = t("mail.store.disputeIntro", { id: order.id, name: order.customerName });
  const facts = [
    t("mail.store.disputeAmount", { amount: formatPrice(dispute.amount, dispute.currency, locale) }),
    t("mail.store.disputeReason", { reason: dispute.reason }),
    t("mail.store.disputeReference", { id: dispute.disputeId }),
  ];
  const action = t("mail.store.disputeAction");
  return renderMail({
    to,
    subject,
    locale,
    storeName: store.name,
    look: store.look,
    preview: intro,
    text: [intro, "", ...facts, "", action, "", t("mail.store.manageOrder", { url: order.adminUrl })].join(
      "\n",
    ),
    body: (
      <>
        <MailHeading look={store.look}>{subject}</MailHeading>
        <Text>{intro}</Text>
        {facts.map((fact) => (
          <Text key={fact} style={{ margin: "4px 0" }}>
            {fact}
          </Text>
        ))}
        <Text>{action}</Text>
        <MailLink look={store.look} href={order.adminUrl}>
          {t("mail.store.manageOrderLink")}
        </MailLink>
      </>
    ),
  });
}

/** A dispute owed in the outbox, from its payload; null when the payload lacks it. */
export function disputeOfPayload(payload: Record<string, unknown>): DisputeForMail | null {
  const { disputeId, amount, currency, reason } = payload;
  if (typeof disputeId !== "string" || typeof amount !== "number" || typeof currency !== "string")
    return null;
  return { disputeId, amount, currency, reason: typeof reason === "string" ? reason : "" };
}

/** To the shopper: their order is on hold, being processed, or completed; in their language. */
export function shopperStatusMail(
  kind: ShopperStatusKind,
  order: OrderForMails,
  store: MailStore,
  locale: Locale = shopperLocale(order.locale),
): Promise<MailMessage> {
  return shopperOrderMail(order, store, locale, SHOPPER_WORDS[kind], () => [], order.downloads ?? []);
}

/** To the shopper: their order was refunded, in full or in part: how much, why, and what is left. */
export function refundMail(
  order: OrderForMails,
  refund: RefundForMail,
  store: MailStore,
  locale: Locale = shopperLocale(order.locale),
): Promise<MailMessage> {
  const words = refund.full
    ? { subject: "mail.store.refundedSubject", intro: "mail.store.refundedIntro" }
    : { subject: "mail.store.partlyRefundedSubject", intro: "mail.store.partlyRefundedIntro" };
  return shopperOrderMail(order, store, locale, words, (t, money) => [
    t("mail.store.refundAmount", { amount: money(refund.amount) }),
    ...(refund.reason ? [t("mail.store.refundReason", { reason: refund.reason })] : []),
    t("mail.store.refundLeft", { amount: money(refund.left) }),
  ]);
}

/** A mail to the shopper about their order: a greeting, what happened, `facts`, the order, its link. */
function shopperOrderMail(
  order: OrderForMails,
  store: MailStore,
  locale: Locale,
  words: { subject: string; intro: string },
  facts: (t: TFunction, money: (cents: number) => string) => string[],
  downloads: readonly MailDownload[] = [],
): Promise<MailMessage> {
  const { t, money } = wordsFor(locale, order.currency);
  const intro = t(words.intro, { id: order.id });
  const lines = facts(t, money);
  return renderMail({
    to: order.email,
    subject: t(words.subject, { store: store.name, id: order.id }),
    locale,
    storeName: store.name,
    look: store.look,
    preview: intro,
    text: [
      t("mail.greeting", { name: order.firstName }),
      "",
      intro,
      "",
      ...(lines.length > 0 ? [...lines, ""] : []),
      ...downloadsText(downloads, t),
      ...orderFiguresText(order, t, money),
      "",
      t("mail.viewOrder", { url: order.receiptUrl }),
    ].join("\n"),
    body: (
      <>
        <Text>{t("mail.greeting", { name: order.firstName })}</Text>
        <Text>{intro}</Text>
        {lines.map((line) => (
          <Text key={line} style={{ margin: "4px 0" }}>
            {line}
          </Text>
        ))}
        <MailDownloads downloads={downloads} look={store.look} t={t} />
        <OrderFiguresTable order={order} t={t} money={money} />
        <MailLink look={store.look} href={order.receiptUrl}>
          {t("mail.viewOrderLink")}
        </MailLink>
      </>
    ),
  });
}

/** To the shopper: a note the store wrote to them about their order, in their language. */
export function customerNoteMail(
  order: Pick<OrderForMails, "id" | "locale" | "email" | "receiptUrl"> & { name: string },
  note: string,
  store: MailStore | string,
  locale: Locale = shopperLocale(order.locale),
): Promise<MailMessage> {
  const { name, look } = typeof store === "string" ? { name: store, look: undefined } : store;
  const t = createI18n(locale).t;
  return renderMail({
    to: order.email,
    subject: t("mail.noteSubject", { store: name, id: order.id }),
    locale,
    storeName: name,
    look,
    preview: t("mail.noteIntro", { id: order.id }),
    text: [
      t("mail.greeting", { name: order.name }),
      "",
      t("mail.noteIntro", { id: order.id }),
      "",
      note,
      "",
      t("mail.viewOrder", { url: order.receiptUrl }),
    ].join("\n"),
    body: (
      <>
        <Text>{t("mail.greeting", { name: order.name })}</Text>
        <Text>{t("mail.noteIntro", { id: order.id })}</Text>
        <Text style={{ borderLeft: "3px solid #d6d3d1", paddingLeft: "12px", whiteSpace: "pre-wrap" }}>
          {note}
        </Text>
        <MailLink look={look ?? { logoUrl: null, colour: DEFAULT_MAIL_COLOUR }} href={order.receiptUrl}>
          {t("mail.viewOrderLink")}
        </MailLink>
      </>
    ),
  });
}

/** The store as its mails show it, from the settings. */
export function mailStore(context: Pick<MailContext, "settings" | "config">): MailStore {
  return { name: context.settings.name, look: mailLook(context) };
}

/** An order read for its mails; null when it is gone. */
export async function orderForMails(
  context: Pick<MailContext, "db" | "config" | "settings" | "orderReads">,
  orderId: number,
): Promise<OrderForMails | null> {
  const order = await orderForMail(context, orderId);
  if (!order) return null;
  const { first_name: first = "", last_name: last = "", email = "" } = order.billingAddress;
  return {
    id: order.id,
    locale: order.locale,
    currency: order.currency,
    email: email ?? "",
    firstName: first ?? "",
    customerName: [first, last].filter(Boolean).join(" ") || (email ?? ""),
    paymentMethod: order.paymentMethod,
    total: order.total,
    lines: order.lines,
    totals: orderTotalsSummary(order),
    display: totalsDisplayOf(context.settings.taxes),
    receiptUrl: `${context.config.publicUrl}/checkout/order-received/${order.id}?key=${order.orderKey}`,
    adminUrl: `${context.config.publicUrl}/admin/orders/${order.id}`,
    customerNote: order.customerNote,
  };
}

/** The files a paid order opens, with their links made absolute (none while it is not paid). */
export async function mailDownloads(
  context: Pick<MailContext, "db" | "config">,
  orderId: number,
): Promise<MailDownload[]> {
  // The listing checks the order is paid and its lines not refunded, whatever status is named here.
  const downloads = await downloadsOfOrder(context.db, context.config.sessionSecret, {
    id: orderId,
    status: "processing",
  });
  return downloads.map((download) => ({
    name: download.name,
    productName: download.productName,
    url: `${context.config.publicUrl}${download.url}`,
  }));
}

/** A refund of the order as its mail shows it: what is left counts it and every refund before it. */
export async function refundForMail(
  context: Pick<MailContext, "db">,
  order: Pick<OrderForMails, "id" | "total">,
  refundId: number,
  full: boolean,
): Promise<RefundForMail | null> {
  const [refund] = await context.db
    .select({ amount: orderRefunds.amount, reason: orderRefunds.reason })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, order.id)));
  if (!refund) return null;
  const [refunded] = await context.db
    .select({ total: sum(orderRefunds.amount).mapWith(Number) })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), lte(orderRefunds.id, refundId)));
  return { ...refund, full, left: Math.max(0, order.total - (refunded?.total ?? 0)) };
}

/** Sends an owed mail about an order: reads the order (and what the payload names), makes the mail. */
export async function makeOrderMail(context: MailContext, owed: OwedMailRow): Promise<MadeMail> {
  const order = owed.orderId === null ? null : await orderForMails(context, owed.orderId);
  if (!order) return { unsent: "unknown_order" };
  const store = mailStore(context);
  switch (owed.kind) {
    case "new_order":
    case "cancelled_order":
    case "failed_order": {
      const to = await ownerRecipients(context);
      if (!to) return { unsent: "no_recipient" };
      return { mail: await ownerOrderMail(owed.kind, order, to, store) };
    }
    case "payment_dispute": {
      const to = await ownerRecipients(context);
      if (!to) return { unsent: "no_recipient" };
      const dispute = disputeOfPayload(owed.payload);
      if (!dispute) return { unsent: "unknown_dispute" };
      return { mail: await disputeMail(order, dispute, to, store) };
    }
    case "customer_on_hold_order":
    case "customer_processing_order":
    case "customer_completed_order":
      if (!order.email) return { unsent: "no_email" };
      if (owed.kind !== "customer_on_hold_order") order.downloads = await mailDownloads(context, order.id);
      return { mail: await shopperStatusMail(owed.kind, order, store) };
    case "customer_refunded_order": {
      if (!order.email) return { unsent: "no_email" };
      const refundId = payloadId(owed.payload, "refundId");
      const refund = refundId && (await refundForMail(context, order, refundId, owed.payload.full === true));
      if (!refund) return { unsent: "unknown_refund" };
      return { mail: await refundMail(order, refund, store) };
    }
    case "customer_note": {
      if (!order.email) return { unsent: "no_email" };
      const noteId = payloadId(owed.payload, "noteId") ?? 0;
      const [note] = await context.db
        .select({ body: orderNotes.body })
        .from(orderNotes)
        .where(and(eq(orderNotes.id, noteId), eq(orderNotes.orderId, order.id)));
      if (!note) return { unsent: "unknown_note" };
      return { mail: await customerNoteMail({ ...order, name: order.firstName }, note.body, store) };
    }
    default:
      return { unsent: "not_an_order_mail" };
  }
}

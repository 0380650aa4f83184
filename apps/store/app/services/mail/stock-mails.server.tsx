import { Text } from "@react-email/components";
import { productTranslations } from "@vitrine/db";
import { and, eq } from "drizzle-orm";
import { createI18n, type Locale } from "../../i18n/i18n.ts";
import type { MailMessage } from "./mail.server.ts";
import {
  type MadeMail,
  MailLink,
  type MailStore,
  type OwedMailRow,
  payloadId,
} from "./mail-parts.server.tsx";
import { mailStore } from "./order-mails.server.tsx";
import { renderMail } from "./render-mail.server.tsx";
import { type MailContext, OWNER_LOCALE, ownerRecipients } from "./store-mail.server.ts";

/**
 * The owner's stock mails (issue 40, decision 0062): a product (or one of its variations) fell to
 * its low-stock threshold, ran out, or was ordered on backorder. Which order's stock change owes
 * one is `oweStockMails`' rule (owed-mails.server.ts); the mail says what it is now.
 */

export type StockKind = "low_stock" | "no_stock" | "backorder";

/** A product's stock as its mail shows it. */
export type StockForMail = {
  productId: number;
  /** The product's name in the owner's language, with the variation's options. */
  name: string;
  /** The stock left after the order (null: not counted, a backorder). */
  stock: number | null;
  /** How many the order took. */
  quantity: number;
  orderId: number | null;
  editUrl: string;
};

const WORDS: Record<StockKind, { subject: string; intro: string }> = {
  low_stock: { subject: "mail.store.lowStockSubject", intro: "mail.store.lowStockIntro" },
  no_stock: { subject: "mail.store.noStockSubject", intro: "mail.store.noStockIntro" },
  backorder: { subject: "mail.store.backorderSubject", intro: "mail.store.backorderIntro" },
};

/** The stock mail of `kind`, to the owner, in the store's language. */
export function stockMail(
  kind: StockKind,
  product: StockForMail,
  to: string,
  store: MailStore,
  locale: Locale = OWNER_LOCALE,
): Promise<MailMessage> {
  const t = createI18n(locale).t;
  const intro = t(WORDS[kind].intro, {
    product: product.name,
    count: kind === "backorder" ? product.quantity : (product.stock ?? 0),
    id: product.orderId ?? "",
  });
  return renderMail({
    to,
    subject: t(WORDS[kind].subject, { store: store.name }),
    locale,
    storeName: store.name,
    look: store.look,
    preview: intro,
    text: [intro, "", t("mail.store.editProduct", { url: product.editUrl })].join("\n"),
    body: (
      <>
        <Text>{intro}</Text>
        <MailLink look={store.look} href={product.editUrl}>
          {t("mail.store.editProductLink")}
        </MailLink>
      </>
    ),
  });
}

/** A product's name in the owner's language; the name the order line had when it has none. */
async function productName(context: MailContext, productId: number, fallback: string): Promise<string> {
  const [row] = await context.db
    .select({ name: productTranslations.name })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, OWNER_LOCALE)));
  return row?.name ?? fallback;
}

/** Makes an owed stock mail from what its payload kept of the stock change. */
export async function makeStockMail(context: MailContext, owed: OwedMailRow): Promise<MadeMail> {
  if (owed.kind !== "low_stock" && owed.kind !== "no_stock" && owed.kind !== "backorder")
    return { unsent: "not_a_stock_mail" };
  const productId = payloadId(owed.payload, "productId");
  if (productId === null) return { unsent: "unknown_product" };
  const to = await ownerRecipients(context);
  if (!to) return { unsent: "no_recipient" };
  const {
    name = "",
    options = "",
    stock = null,
    quantity = 0,
  } = owed.payload as {
    name?: string;
    options?: string;
    stock?: number | null;
    quantity?: number;
  };
  const own = await productName(context, productId, name);
  const product: StockForMail = {
    productId,
    name: options ? `${own} (${options})` : own,
    stock,
    quantity,
    orderId: owed.orderId,
    editUrl: `${context.config.publicUrl}/admin/products/${productId}`,
  };
  return { mail: await stockMail(owed.kind, product, to, mailStore(context)) };
}

import { Text } from "@react-email/components";
import { users } from "@vitrine/db";
import { eq } from "drizzle-orm";
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
import { type MailContext, shopperLocale } from "./store-mail.server.ts";

/**
 * The shopper's "new account" mail (WooCommerce's "customer_new_account"), sent when a shopper
 * creates their account; an invited person gets their invitation instead (people-mail.server.tsx).
 * It never carries a password: the shopper chose theirs.
 */

export type AccountForMail = { email: string; locale: string; accountUrl: string };

export function newAccountMail(
  account: AccountForMail,
  store: MailStore,
  locale: Locale = shopperLocale(account.locale),
): Promise<MailMessage> {
  const t = createI18n(locale).t;
  const intro = t("mail.store.newAccountIntro", { store: store.name, email: account.email });
  return renderMail({
    to: account.email,
    subject: t("mail.store.newAccountSubject", { store: store.name }),
    locale,
    storeName: store.name,
    look: store.look,
    preview: intro,
    text: [intro, "", t("mail.store.newAccountAction"), account.accountUrl].join("\n"),
    body: (
      <>
        <Text>{intro}</Text>
        <Text>{t("mail.store.newAccountAction")}</Text>
        <MailLink look={store.look} href={account.accountUrl}>
          {t("mail.store.newAccountLink")}
        </MailLink>
      </>
    ),
  });
}

/** Makes the owed "new account" mail of the user its payload names, in the language they signed up in. */
export async function makeAccountMail(context: MailContext, owed: OwedMailRow): Promise<MadeMail> {
  const userId = payloadId(owed.payload, "userId");
  const [user] =
    userId === null
      ? []
      : await context.db
          .select({ email: users.email, locale: users.locale })
          .from(users)
          .where(eq(users.id, userId));
  if (!user) return { unsent: "unknown_account" };
  const account = { ...user, accountUrl: `${context.config.publicUrl}/my-account` };
  return { mail: await newAccountMail(account, mailStore(context)) };
}

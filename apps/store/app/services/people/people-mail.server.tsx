import { Link, Text } from "@react-email/components";
import type { Role } from "@vitrine/db";
import { createI18n, type Locale } from "../../i18n/i18n.ts";
import type { MailMessage } from "../mail/mail.server.ts";
import { renderMail } from "../mail/render-mail.server.tsx";

/** The mails about an account: an invitation to the store, and a password reset. */

/** The link to choose a password and sign in, mailed to someone invited as `role`. */
export function invitationMail(
  invitation: { email: string; role: Role; locale: Locale },
  link: string,
  store: string,
  days: number,
): Promise<MailMessage> {
  const t = createI18n(invitation.locale).t;
  const role = t(`mail.invitationRoles.${invitation.role}`);
  const intro = t("mail.invitationIntro", { store, role });
  const expiry = t("mail.invitationExpiry", { days });
  return renderMail({
    to: invitation.email,
    subject: t("mail.invitationSubject", { store }),
    locale: invitation.locale,
    storeName: store,
    preview: intro,
    text: `${intro}\n\n${t("mail.invitationAction")}\n${link}\n\n${expiry}`,
    body: (
      <>
        <Text>{intro}</Text>
        <Text>
          <Link href={link}>{t("mail.invitationLink")}</Link>
        </Text>
        <Text>{expiry}</Text>
      </>
    ),
  });
}

/** The link to choose a new password, mailed to whoever asked for it on the lost-password page. */
export function passwordResetMail(
  to: string,
  link: string,
  store: string,
  locale: Locale,
): Promise<MailMessage> {
  const t = createI18n(locale).t;
  return renderMail({
    to,
    subject: t("mail.resetSubject", { store }),
    locale,
    storeName: store,
    preview: t("mail.resetIntro"),
    text: `${t("mail.resetIntro")}\n\n${link}\n\n${t("mail.resetIgnore")}`,
    body: (
      <>
        <Text>{t("mail.resetIntro")}</Text>
        <Text>
          <Link href={link}>{t("mail.resetLink")}</Link>
        </Text>
        <Text>{t("mail.resetIgnore")}</Text>
      </>
    ),
  });
}

import { Link } from "react-router";
import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { MailsForm } from "../../../features/admin/mails/mails-form.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { STORE_MAILS } from "../../../lib/store-mails.ts";
import { ownerRecipients } from "../../../services/mail/store-mail.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { mails, mail_from } = context.settings;
  return {
    mails: STORE_MAILS.map(({ kind, to }) => ({ kind, to, enabled: mails.enabled[kind] })),
    settings: { recipient: mails.recipient, logo: mails.logo, colour: mails.colour },
    // What an empty recipient means in this store: the first administrator's address.
    ownerFallback: mails.recipient === "" ? await ownerRecipients(context) : null,
    sender: mail_from,
  };
}

export const meta = () => backOfficeMeta("Mails");

/** `/admin/mails`: the store's mails, each switched on or off and previewed, for administrators (decision 0062). */
export default function BackOfficeMails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage
      title={t("backOffice.mails.title")}
      intro={<p className="mb-2 max-w-3xl">{t("backOffice.mails.intro")}</p>}
    >
      <p className="mb-6 max-w-3xl text-sm">
        {t("backOffice.mails.senderHint", {
          sender: loaderData.sender || t("backOffice.mails.senderDefault"),
        })}{" "}
        <Link to="/admin/settings" className="underline">
          {t("backOffice.settings.title")}
        </Link>
      </p>
      <MailsForm {...loaderData} />
    </BackOfficePage>
  );
}

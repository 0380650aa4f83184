import { Link } from "react-router";
import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { SettingsForm } from "../../../features/admin/settings/settings-form.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { countries } from "../../../lib/checkout-schema.ts";
import { HOME_PAGE_SLUG } from "../../../lib/edit-links.ts";
import { withoutSecrets } from "../../../lib/settings-resource.ts";
import { STRIPE_WEBHOOK_PATH } from "../../../lib/store-settings.ts";
import { listPagesForAdmin } from "../../../services/content/pages-admin.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  // The pages the legal pages' settings may name (decision 0051): any but the home page.
  const pages = (await listPagesForAdmin(context.db))
    .filter((page) => page.slug !== HOME_PAGE_SLUG)
    .map(({ id, title, status }) => ({ id, title, status }));
  return {
    settings: withoutSecrets(context.settings, context.config.stripe),
    countries: Object.keys(countries),
    pages,
    // What the owner pastes into Stripe's dashboard: the store's public address, never the request's Host.
    stripeWebhookUrl: `${context.config.publicUrl}${STRIPE_WEBHOOK_PATH}`,
  };
}

export const meta = () => backOfficeMeta("Settings");

/** `/admin/settings`: everything the owner sets about the store, for administrators (decision 0039). */
export default function BackOfficeSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.settings.title")}>
      <p className="mb-6">
        <Link to="/admin/mails" className="underline">
          {t("backOffice.mails.settingsLink")}
        </Link>
      </p>
      <SettingsForm
        settings={loaderData.settings}
        countries={loaderData.countries}
        pages={loaderData.pages}
        stripeWebhookUrl={loaderData.stripeWebhookUrl}
      />
    </BackOfficePage>
  );
}

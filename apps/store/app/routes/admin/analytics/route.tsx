import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { AnalyticsReport } from "../../../features/admin/reports/analytics-report.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAnalyticsReport } from "./admin-analytics.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadAnalyticsReport(context, request);

export const meta = () => backOfficeMeta("Analytics");

/** `/admin/analytics`: visits, pages, clicks, sessions and conversion by origin (issue 18, decision 0042). */
export default function BackOfficeAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const intro = <p className="mb-6 text-lg">{t("backOffice.analytics.intro")}</p>;
  return (
    <BackOfficePage title={t("backOffice.analytics.title")} intro={intro}>
      <AnalyticsReport {...loaderData} />
    </BackOfficePage>
  );
}

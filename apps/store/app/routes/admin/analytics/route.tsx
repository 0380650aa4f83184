import { AnalyticsReport } from "../../../features/admin/reports/analytics-report.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAnalyticsReport } from "./admin-analytics.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAnalyticsReport(context, request);
}

export function meta() {
  return [{ title: "Analytics" }, { name: "robots", content: "noindex" }];
}

/** `/admin/analytics`: visits, pages, clicks, sessions and conversion by origin (issue 18, decision 0042). */
export default function BackOfficeAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-2 text-3xl font-semibold">{t("backOffice.analytics.title")}</h1>
      <p className="mb-6 text-lg">{t("backOffice.analytics.intro")}</p>
      <AnalyticsReport {...loaderData} />
    </section>
  );
}

import { AttributionReport } from "../../../features/admin/reports/attribution-report.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAttributionReport } from "./admin-reports.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAttributionReport(context, request);
}

export function meta() {
  return [{ title: "Reports" }, { name: "robots", content: "noindex" }];
}

/** `/admin/reports`: orders and revenue by where they came from (issue 17, decision 0037). */
export default function BackOfficeReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-2 text-3xl font-semibold">{t("backOffice.reports.title")}</h1>
      <p className="mb-6 text-lg">{t("backOffice.reports.attribution")}</p>
      <AttributionReport {...loaderData} />
    </section>
  );
}

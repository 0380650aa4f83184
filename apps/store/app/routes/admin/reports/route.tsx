import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { AttributionReport } from "../../../features/admin/reports/attribution-report.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAttributionReport } from "./admin-reports.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadAttributionReport(context, request);

export const meta = () => backOfficeMeta("Reports");

/** `/admin/reports`: orders and revenue by where they came from (issue 17, decision 0037). */
export default function BackOfficeReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const intro = <p className="mb-6 text-lg">{t("backOffice.reports.attribution")}</p>;
  return (
    <BackOfficePage title={t("backOffice.reports.title")} intro={intro}>
      <AttributionReport {...loaderData} />
    </BackOfficePage>
  );
}

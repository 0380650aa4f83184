import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { BackOfficeDashboard } from "../../../features/admin/reports/dashboard.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { dashboard } from "../../../services/analytics/dashboard.server.ts";
import { requireStaff } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { role } = await requireStaff(context, request);
  // Editors see the sections they may use; the store's figures are for administrators.
  if (role !== "administrator") return { figures: null };
  return {
    figures: await dashboard(context.db, {
      now: new Date(),
      currency: context.settings.currency,
      locale: context.locale,
    }),
  };
}

export const meta = () => backOfficeMeta("Back office");

/** `/admin`: the back office's first page (issue 17, decision 0037). */
export default function BackOfficeHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.dashboard")}>
      <BackOfficeDashboard figures={loaderData.figures} />
    </BackOfficePage>
  );
}

import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { CouponReport } from "../../../features/admin/reports/coupon-report.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { readReportQuery } from "../../../lib/attribution-report.ts";
import { couponSales } from "../../../services/analytics/coupon-report.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = await staffRequest(context, request, "administrator");
  const { query, invalid } = readReportQuery(asked.query, new Date());
  const currency = context.settings.currency;
  const rows = await couponSales(context.db, { from: query.from, to: query.to, currency });
  return { from: query.from, to: query.to, invalid, currency, rows };
}

export const meta = () => backOfficeMeta("Sales by coupon");

/** `/admin/reports/coupons`: sales by coupon in a period (decision 0068). */
export default function BackOfficeCouponReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.couponReport.title")}>
      <CouponReport {...loaderData} />
    </BackOfficePage>
  );
}

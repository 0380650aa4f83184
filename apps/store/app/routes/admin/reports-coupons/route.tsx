import { CouponReport } from "../../../features/admin/reports/coupon-report.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { readReportQuery } from "../../../lib/attribution-report.ts";
import { couponSales } from "../../../services/analytics/coupon-report.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const { query, invalid } = readReportQuery(new URL(request.url).searchParams, new Date());
  const currency = context.settings.currency;
  const rows = await couponSales(context.db, { from: query.from, to: query.to, currency });
  return { from: query.from, to: query.to, invalid, currency, rows };
}

export function meta() {
  return [{ title: "Sales by coupon" }, { name: "robots", content: "noindex" }];
}

/** `/admin/reports/coupons`: sales by coupon in a period (decision 0068). */
export default function BackOfficeCouponReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.couponReport.title")}</h1>
      <CouponReport {...loaderData} />
    </section>
  );
}

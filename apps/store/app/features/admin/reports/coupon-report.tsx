import { formatPrice } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { FigureTable, ReportPeriodForm } from "./report-parts.tsx";

export type CouponReportData = {
  from: string;
  to: string;
  invalid: boolean;
  currency: string;
  rows: Array<{ code: string; orders: number; discount: number }>;
};

/** Sales by coupon: each code's orders and discount in the period (decision 0068). */
export function CouponReport({ from, to, invalid, currency, rows }: CouponReportData) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const money = (cents: number) => formatPrice(cents, currency, locale);
  return (
    <div className="space-y-6">
      <ReportPeriodForm
        key={`${from}:${to}`}
        action="/admin/reports/coupons"
        label={t("backOffice.couponReport.period")}
        from={from}
        to={to}
      />
      {invalid && (
        <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {t("backOffice.couponReport.invalid")}
        </p>
      )}
      {rows.length === 0 ? (
        <p>{t("backOffice.couponReport.empty")}</p>
      ) : (
        <FigureTable
          caption={t("backOffice.couponReport.title")}
          columns={[
            { label: t("backOffice.coupons.code") },
            { label: t("backOffice.couponReport.orders"), figure: true },
            { label: t("backOffice.couponReport.discount"), figure: true },
          ]}
          rows={rows.map((row) => ({
            key: row.code,
            header: (
              <a
                href={`/admin/coupons?search=${encodeURIComponent(row.code)}`}
                className="text-brand underline"
              >
                {row.code}
              </a>
            ),
            cells: [row.orders, money(row.discount)],
          }))}
          total={{
            header: t("backOffice.couponReport.total"),
            cells: [
              rows.reduce((sum, row) => sum + row.orders, 0),
              money(rows.reduce((sum, row) => sum + row.discount, 0)),
            ],
          }}
        />
      )}
    </div>
  );
}

import { ADMIN_PRIMARY_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { formatDate } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CouponRecord } from "../../../lib/coupon-resource.ts";

/** The coupons' list (WooCommerce's Marketing › Coupons): code, type, amount, description, usage, expiry. */
export function CouponList({
  coupons,
  page,
  pages,
}: {
  coupons: CouponRecord[];
  page: number;
  pages: number;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-4">
        <a href="/admin/coupons/new" className={ADMIN_PRIMARY_BUTTON}>
          {t("backOffice.coupons.add")}
        </a>
        <a href="/admin/reports/coupons" className="text-brand underline">
          {t("backOffice.couponReport.title")}
        </a>
      </div>
      <DataTable
        rows={coupons}
        rowKey={(coupon) => String(coupon.id)}
        caption={t("backOffice.coupons.title")}
        empty={<p>{t("backOffice.coupons.none")}</p>}
        columns={[
          {
            key: "code",
            header: t("backOffice.coupons.code"),
            cell: (coupon) => (
              <a href={`/admin/coupons/${coupon.id}`} className="font-semibold text-brand underline">
                {coupon.code}
              </a>
            ),
          },
          {
            key: "type",
            header: t("backOffice.coupons.type"),
            cell: (coupon) => t(`backOffice.coupons.types.${coupon.discount_type}`),
          },
          {
            key: "amount",
            header: t("backOffice.coupons.amount"),
            figure: true,
            cell: (coupon) => coupon.amount,
          },
          {
            key: "description",
            header: t("backOffice.coupons.description"),
            cell: (coupon) => coupon.description,
          },
          {
            key: "usage",
            header: t("backOffice.coupons.usage"),
            cell: (coupon) => `${coupon.usage_count} / ${coupon.usage_limit ?? "∞"}`,
          },
          {
            key: "expiry",
            header: t("backOffice.coupons.expiry"),
            cell: (coupon) => (coupon.date_expires ? formatDate(coupon.date_expires, locale) : "–"),
          },
        ]}
      />
      {pages > 1 && (
        <Pagination
          label={t("backOffice.coupons.pages")}
          current={page}
          pages={Array.from({ length: pages }, (_, i) => ({
            page: i + 1,
            href: `/admin/coupons?page=${i + 1}`,
          }))}
          previous={page > 1 ? `/admin/coupons?page=${page - 1}` : null}
          next={page < pages ? `/admin/coupons?page=${page + 1}` : null}
        />
      )}
    </div>
  );
}

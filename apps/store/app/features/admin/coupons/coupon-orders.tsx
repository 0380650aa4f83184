import { DataTable } from "../../../components/ui/data-table.tsx";
import { formatDate, formatPrice } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";

export type CouponOrder = {
  id: number;
  status: string;
  total: number;
  currency: string;
  createdAt: string;
  discount: number;
};

/** The orders that used the coupon, newest first, each linking to its page. */
export function CouponOrders({ orders }: { orders: CouponOrder[] }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <section aria-labelledby="coupon-orders" className="max-w-3xl space-y-2">
      <h2 id="coupon-orders" className="text-xl font-semibold">
        {t("backOffice.coupons.orders")}
      </h2>
      <DataTable
        rows={orders}
        rowKey={(order) => String(order.id)}
        empty={<p>{t("backOffice.coupons.noOrders")}</p>}
        columns={[
          {
            key: "order",
            header: t("backOffice.coupons.order"),
            cell: (order) => (
              <a href={`/admin/orders/${order.id}`} className="text-brand underline">
                #{order.id}
              </a>
            ),
          },
          {
            key: "date",
            header: t("backOffice.coupons.date"),
            cell: (order) => formatDate(order.createdAt, locale),
          },
          {
            key: "status",
            header: t("backOffice.coupons.status"),
            cell: (order) => t(`account.statuses.${order.status}`),
          },
          {
            key: "discount",
            header: t("backOffice.coupons.discount"),
            figure: true,
            cell: (order) => formatPrice(order.discount, order.currency, locale),
          },
        ]}
      />
    </section>
  );
}

import { Link } from "react-router";
import { formatDate, formatPrice } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { OrderStatus } from "../../../lib/order-status.ts";
import { OrderStatusBadge, originText } from "./order-labels.tsx";

/** An order as a back-office table lists it; the customer and the origin only where they are columns. */
export type OrderTableRow = {
  id: number;
  date: string;
  status: OrderStatus;
  total: number;
  currency: string;
  customer?: string;
  origin?: string;
};

/**
 * The back office's one table of orders (the order list, the dashboard's recent orders, a customer's
 * orders): each links to its page; `columns` adds the customer and the order's origin.
 */
export function OrderTable({
  orders,
  caption,
  className = "",
  rowClassName = "",
  columns = {},
}: {
  orders: OrderTableRow[];
  caption: string;
  className?: string;
  rowClassName?: string;
  columns?: { customer?: boolean; origin?: boolean };
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <div className="overflow-x-auto">
      <table className={`${className} w-full min-w-[28rem] text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2">
              {t("backOffice.orders.order")}
            </th>
            <th scope="col">{t("backOffice.orders.date")}</th>
            <th scope="col">{t("backOffice.orders.status")}</th>
            {columns.customer && <th scope="col">{t("backOffice.orders.customer")}</th>}
            {columns.origin && <th scope="col">{t("backOffice.orders.origin")}</th>}
            <th scope="col" className="text-right">
              {t("backOffice.orders.total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr
              key={order.id}
              className={`${rowClassName} border-b border-stone-100`}
              data-order-id={order.id}
            >
              <th scope="row" className="py-2 font-normal">
                <Link to={`/admin/orders/${order.id}`} className="font-semibold underline">
                  #{order.id}
                </Link>
              </th>
              <td>{formatDate(order.date, locale)}</td>
              <td>
                <OrderStatusBadge status={order.status} />
              </td>
              {columns.customer && <td>{order.customer}</td>}
              {columns.origin && <td className="order-origin">{originText(order.origin ?? "", t)}</td>}
              <td className="text-right">{formatPrice(order.total, order.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { type DataColumn, DataTable, type DataTableSelection } from "../../../components/ui/data-table.tsx";
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
 * orders), a `DataTable`: each links to its page; `columns` adds the customer and the order's origin.
 */
export function OrderTable({
  orders,
  caption,
  className = "",
  rowClassName = "",
  columns = {},
  empty,
  selection,
}: {
  orders: OrderTableRow[];
  caption: string;
  className?: string;
  rowClassName?: string;
  columns?: { customer?: boolean; origin?: boolean };
  /** Shown instead of the table when there are no orders (else nothing). */
  empty?: ReactNode;
  /** Checkboxes for the list's bulk actions. */
  selection?: DataTableSelection<OrderTableRow>;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const all: (DataColumn<OrderTableRow> | false | undefined)[] = [
    {
      key: "order",
      header: t("backOffice.orders.order"),
      cell: (order) => (
        <Link to={`/admin/orders/${order.id}`} className="font-semibold underline">
          #{order.id}
        </Link>
      ),
    },
    { key: "date", header: t("backOffice.orders.date"), cell: (order) => formatDate(order.date, locale) },
    {
      key: "status",
      header: t("backOffice.orders.status"),
      cell: (order) => <OrderStatusBadge status={order.status} />,
    },
    columns.customer && {
      key: "customer",
      header: t("backOffice.orders.customer"),
      cell: (order) => order.customer,
    },
    columns.origin && {
      key: "origin",
      header: t("backOffice.orders.origin"),
      className: "order-origin",
      cell: (order) => originText(order.origin ?? "", t),
    },
    {
      key: "total",
      header: t("backOffice.orders.total"),
      figure: true,
      cell: (order) => formatPrice(order.total, order.currency, locale),
    },
  ];
  return (
    <DataTable
      rows={orders}
      columns={all.filter((column) => column !== false && column !== undefined)}
      rowKey={(order) => String(order.id)}
      caption={caption}
      className={className}
      minWidth="min-w-[28rem]"
      rowProps={(order) => ({ className: rowClassName, "data-order-id": order.id })}
      empty={empty}
      {...(selection ? { selection } : {})}
    />
  );
}

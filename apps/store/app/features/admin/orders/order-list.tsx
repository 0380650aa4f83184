import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { Selection } from "../../../components/ui/data-table-selection.ts";
import { PageLinks } from "../../../components/ui/pagination.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AdminOrderRow } from "../../../lib/order-resource.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../lib/order-status.ts";
import { OrderBulkActions } from "./order-bulk-actions.tsx";
import { ChoiceSelect, originText } from "./order-labels.tsx";
import { OrderSearch } from "./order-search.tsx";
import { OrderTable } from "./order-table.tsx";

/** The select's choice for "no filter" (a key of its own: an empty key is no key). */
const ALL = "*";

/**
 * The back office's order list (issue 16, issue 40): status, date, customer, origin and total of
 * each order, newest first, filtered by status and by origin and searched by number, name, e-mail
 * or product (the filters, the search and the page are in the address); the ticked orders' status
 * changed at once.
 */
export function OrderList({
  orders,
  total,
  page,
  pages,
  status,
  origin,
  search,
  origins,
}: {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  pages: number;
  status: OrderStatus | null;
  origin: string | null;
  search: string;
  origins: string[];
}) {
  const { t } = useTranslation();
  // Not `useSearchParams`: its code would join every storefront page's first script.
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const [selected, setSelected] = useState<Selection>(new Set());

  const filter = (name: "status" | "origin" | "search", value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL || value === "") next.delete(name);
    else next.set(name, value);
    next.delete("page");
    const text = next.toString();
    navigate(`/admin/orders${text ? `?${text}` : ""}`);
  };
  const pageHref = (n: number) => {
    const query = new URLSearchParams(params);
    if (n > 1) query.set("page", String(n));
    else query.delete("page");
    const text = query.toString();
    return `/admin/orders${text ? `?${text}` : ""}`;
  };

  return (
    <div className="space-y-6">
      <search aria-label={t("backOffice.orders.filters")} className="flex flex-wrap items-end gap-4">
        <ChoiceSelect
          label={t("backOffice.orders.status")}
          value={status ?? ALL}
          onChange={(value) => filter("status", value)}
          options={[
            {
              id: ALL,
              text: t("backOffice.orders.allStatuses"),
              textValue: t("backOffice.orders.allStatuses"),
            },
            ...ORDER_STATUSES.map((each) => ({
              id: each,
              text: t(`account.statuses.${each}`),
              textValue: t(`account.statuses.${each}`),
            })),
          ]}
        />
        <ChoiceSelect
          label={t("backOffice.orders.origin")}
          value={origin ?? ALL}
          onChange={(value) => filter("origin", value)}
          options={[
            {
              id: ALL,
              text: t("backOffice.orders.allOrigins"),
              textValue: t("backOffice.orders.allOrigins"),
            },
            ...origins.map((each) => ({
              id: each,
              text: originText(each, t),
              textValue: originText(each, t),
            })),
          ]}
        />
        <OrderSearch search={search} onSearch={(value) => filter("search", value)} />
        {(status || origin || search) && (
          <Link to="/admin/orders" className="py-1 text-sm underline">
            {t("backOffice.orders.clearFilters")}
          </Link>
        )}
      </search>

      <p role="status" className="order-count">
        {t("backOffice.orders.count", { count: total })}
      </p>
      <OrderBulkActions selected={selected} onDone={() => setSelected(new Set())} />
      <OrderTable
        orders={orders}
        caption={t("backOffice.orders.title")}
        className="order-table"
        rowClassName="order-row"
        columns={{ customer: true, origin: true }}
        selection={{
          name: "order",
          form: "order-bulk",
          selected,
          onChange: setSelected,
          label: (order) => t("backOffice.orders.select", { id: order.id }),
          allLabel: t("backOffice.orders.selectAll"),
        }}
      />
      <PageLinks label={t("backOffice.orders.pages")} page={page} pages={pages} href={pageHref} />
    </div>
  );
}

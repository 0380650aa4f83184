import { type AppLoadContext, data } from "react-router";
import { orderListFilters } from "../../../lib/order-resource.ts";
import { listPage } from "../../../lib/paging.ts";
import { orderRow } from "../../../services/orders/order-row.server.ts";
import { listOrders, orderOrigins } from "../../../services/orders/orders.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/** Orders a page of the back office's list shows. */
export const ORDERS_PER_PAGE = 20;

/**
 * A page of the orders for the back office's list, filtered by the address's `status`, `origin` and
 * `search` (the same filters `GET /orders` takes), with the origins to filter by; administrators only.
 */
export async function loadOrderList(context: AppLoadContext, request: Request) {
  const { query } = await staffRequest(context, request, "administrator");
  const filters = orderListFilters.safeParse({
    status: query.get("status") ?? undefined,
    origin: query.get("origin") ?? undefined,
    search: query.get("search") ?? undefined,
  });
  if (!filters.success) throw data(null, { status: 400 });
  const { page, rows, pages } = listPage(query, ORDERS_PER_PAGE);
  const [found, origins] = await Promise.all([
    listOrders(context.db, rows, {
      statuses: filters.data.status,
      origin: filters.data.origin,
      search: filters.data.search,
    }),
    orderOrigins(context.db),
  ]);
  return {
    orders: found.orders.map(orderRow),
    total: found.total,
    page,
    pages: pages(found.total),
    status: filters.data.status?.length === 1 ? filters.data.status[0]! : null,
    origin: filters.data.origin ?? null,
    search: filters.data.search ?? "",
    // The chosen origin stays offered even when no order has it any more.
    origins:
      filters.data.origin && !origins.includes(filters.data.origin)
        ? [filters.data.origin, ...origins]
        : origins,
  };
}

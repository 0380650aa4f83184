import { type AppLoadContext, data } from "react-router";
import { orderListFilters } from "../../../lib/order-resource.ts";
import { pageCount, pageNumber } from "../../../lib/paging.ts";
import { orderRow } from "../../../services/orders/order-row.server.ts";
import { listOrders, orderOrigins } from "../../../services/orders/orders.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

/** Orders a page of the back office's list shows. */
export const ORDERS_PER_PAGE = 20;

/**
 * A page of the orders for the back office's list, filtered by the address's `status`, `origin` and
 * `search` (the same filters `GET /orders` takes), with the origins to filter by; administrators only.
 */
export async function loadOrderList(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  const query = new URL(request.url).searchParams;
  const filters = orderListFilters.safeParse({
    status: query.get("status") ?? undefined,
    origin: query.get("origin") ?? undefined,
    search: query.get("search") ?? undefined,
  });
  if (!filters.success) throw data(null, { status: 400 });
  const page = pageNumber(query.get("page"));
  const [found, origins] = await Promise.all([
    listOrders(
      context.db,
      { limit: ORDERS_PER_PAGE, offset: (page - 1) * ORDERS_PER_PAGE },
      { statuses: filters.data.status, origin: filters.data.origin, search: filters.data.search },
    ),
    orderOrigins(context.db),
  ]);
  return {
    orders: found.orders.map(orderRow),
    total: found.total,
    page,
    pages: pageCount(found.total, ORDERS_PER_PAGE),
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

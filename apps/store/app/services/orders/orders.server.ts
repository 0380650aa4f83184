import {
  type Database,
  orderAttribution,
  orderCouponLines,
  orderLines,
  orderNotes,
  orderRefunds,
  orderStatusChanges,
  orders,
  orderTaxLines,
  users,
} from "@vitrine/db";
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { OrderListFilters } from "../../lib/order-resource.ts";
import type { OrderStatus } from "../../lib/order-status.ts";
import {
  type OrderCouponLine,
  type OrderLineView,
  type OrderRefundView,
  type OrderSummary,
  type OrderTaxLine,
  type OrderView,
  orderTotalsSummary,
} from "../../lib/orders.ts";
import type { TotalsSummary } from "../../lib/totals/totals-rows.ts";
import { escapeLike } from "../catalogue/search.server.ts";

/** Every read of placed orders: the shopper's pages, the confirmation mail and the REST API. */

export type { OrderSummary, OrderView };

/** Who may see an order: whoever holds its key (the confirmation link), or the account that placed it. */
export type OrderViewer = { key: string } | { userId: number };

/** The origin label of an order that came with no attribution record. */
export const UNKNOWN_ORIGIN = "Unknown";

type OrderRow = typeof orders.$inferSelect;

/**
 * The order's id as the subqueries below name it: qualified by hand, since Drizzle writes a column
 * of a one-table select without its table, which inside a subquery would name the subquery's own
 * `id` (each line would match whichever order shares its id).
 */
const theOrdersId = sql`${sql.identifier("orders")}.${sql.identifier("id")}`;

/** An order's tax lines, in the order's statement (an order has few). */
const taxLinesOfOrder = sql<OrderTaxLine[]>`(
  select coalesce(json_agg(json_build_object('id', ${orderTaxLines.id}, 'rateId', ${orderTaxLines.rateId}, 'label', ${orderTaxLines.label}, 'rate', ${orderTaxLines.rate}, 'compound', ${orderTaxLines.compound}, 'taxTotal', ${orderTaxLines.taxTotal}, 'shippingTaxTotal', ${orderTaxLines.shippingTaxTotal}) order by ${orderTaxLines.id}), '[]'::json)
  from ${orderTaxLines} where ${orderTaxLines.orderId} = ${theOrdersId})`;

/** An order's coupon lines, in the order's statement. */
const couponLinesOfOrder = sql<OrderCouponLine[]>`(
  select coalesce(json_agg(json_build_object('id', ${orderCouponLines.id}, 'code', ${orderCouponLines.code}, 'discount', ${orderCouponLines.discount}, 'discountTax', ${orderCouponLines.discountTax}) order by ${orderCouponLines.id}), '[]'::json)
  from ${orderCouponLines} where ${orderCouponLines.orderId} = ${theOrdersId})`;

/** An order row with everything its totals and lines show. */
export type OrderWithLines = OrderRow & {
  lines: OrderLineView[];
  refunds: OrderRefundView[];
  taxLines: OrderTaxLine[];
  couponLines: OrderCouponLine[];
};

/** The order that `where` picks (one at most) and its lines, in one statement: its lines joined to it. */
async function orderAndLines(db: Database, where: SQL | undefined): Promise<OrderWithLines | null> {
  const rows = await db
    .select({
      order: orders,
      taxLines: taxLinesOfOrder,
      couponLines: couponLinesOfOrder,
      // In the same statement: an order's refunds are few.
      refunds: sql<OrderRefundView[]>`(
        select coalesce(json_agg(json_build_object('id', ${orderRefunds.id}, 'amount', ${orderRefunds.amount}, 'reason', ${orderRefunds.reason}) order by ${orderRefunds.createdAt}, ${orderRefunds.id}), '[]'::json)
        from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id})`,
      line: {
        id: orderLines.id,
        name: orderLines.name,
        quantity: orderLines.quantity,
        subtotal: orderLines.subtotal,
        subtotalTax: orderLines.subtotalTax,
        total: orderLines.total,
        attributes: orderLines.attributes,
        backordered: orderLines.backordered,
      },
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(where)
    .orderBy(asc(orderLines.id));
  const [first] = rows;
  if (!first) return null;
  return {
    ...first.order,
    lines: rows.flatMap((row) => (row.line ? [row.line] : [])),
    refunds: first.refunds,
    taxLines: first.taxLines,
    couponLines: first.couponLines,
  };
}

/** An order with its lines, found by its key or its owner; null when neither matches. */
export async function findOrderForViewer(
  db: Database,
  id: number,
  viewer: OrderViewer,
): Promise<OrderView | null> {
  const order = await orderAndLines(
    db,
    and(
      eq(orders.id, id),
      "key" in viewer ? eq(orders.orderKey, viewer.key) : eq(orders.userId, viewer.userId),
    ),
  );
  if (!order) return null;
  return {
    id: order.id,
    status: order.status,
    date: order.createdAt.toISOString(),
    subtotal: order.subtotal,
    shippingTotal: order.shippingTotal,
    total: order.total,
    totals: orderTotalsSummary(order),
    paymentMethod: order.paymentMethod,
    billing: order.billingAddress,
    shipping: order.shippingAddress,
    customerNote: order.customerNote,
    lines: order.lines,
    refunds: order.refunds,
  };
}

/** The account's orders, newest first. */
export async function listOrdersOfUser(db: Database, userId: number, limit = 100): Promise<OrderSummary[]> {
  const rows = await db
    .select({ id: orders.id, date: orders.createdAt, status: orders.status, total: orders.total })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, date: row.date.toISOString() }));
}

/** The whole order row, its lines and its tax and coupon lines (the order mails); null for an unknown id. */
export async function orderWithLines(db: Database, id: number): Promise<OrderWithLines | null> {
  return orderAndLines(db, eq(orders.id, id));
}

/** `orderWithLines` for a mail: read once for all the mails made together (`MailContext.orderReads`). */
export function orderForMail(
  context: { db: Database; orderReads?: Map<number, Promise<OrderWithLines | null>> },
  id: number,
): Promise<OrderWithLines | null> {
  const { orderReads } = context;
  if (!orderReads) return orderWithLines(context.db, id);
  let read = orderReads.get(id);
  if (!read) {
    read = orderWithLines(context.db, id);
    orderReads.set(id, read);
  }
  return read;
}

/** What the back office and the REST API show of an order. */
const adminColumns = {
  id: orders.id,
  status: orders.status,
  currency: orders.currency,
  total: orders.total,
  subtotal: orders.subtotal,
  shippingTotal: orders.shippingTotal,
  paymentMethod: orders.paymentMethod,
  shippingMethod: orders.shippingMethod,
  shippingLabel: orders.shippingLabel,
  discountTotal: orders.discountTotal,
  discountTax: orders.discountTax,
  shippingTax: orders.shippingTax,
  cartTax: orders.cartTax,
  totalTax: orders.totalTax,
  pricesIncludeTax: orders.pricesIncludeTax,
  customerId: orders.userId,
  billing: orders.billingAddress,
  shipping: orders.shippingAddress,
  customerNote: orders.customerNote,
  stockRestoredAt: orders.stockRestoredAt,
  dateCreated: orders.createdAt,
};

export type AdminOrder = {
  id: number;
  status: OrderStatus;
  currency: string;
  total: number;
  subtotal: number;
  shippingTotal: number;
  paymentMethod: string;
  shippingMethod: string | null;
  shippingLabel: string;
  discountTotal: number;
  discountTax: number;
  shippingTax: number;
  cartTax: number;
  totalTax: number;
  pricesIncludeTax: boolean;
  customerId: number | null;
  billing: OrderRow["billingAddress"];
  shipping: OrderRow["shippingAddress"];
  customerNote: string;
  /** When a cancellation or refund put the order's stock back; null while none has. */
  stockRestoredAt: Date | null;
  dateCreated: Date;
};

/** The attribution record as stored, without its order id and origin label. */
export type AttributionRecord = Omit<typeof orderAttribution.$inferSelect, "orderId" | "origin">;

/** A note on an order, with its author's name (null: the store itself, or a deleted account). */
export type OrderNote = {
  id: number;
  note: string;
  customerNote: boolean;
  authorId: number | null;
  author: string | null;
  dateCreated: Date;
};

/** One status an order was given; `from` null for the status it was placed with. */
export type OrderStatusChange = {
  id: number;
  from: OrderStatus | null;
  to: OrderStatus;
  changedById: number | null;
  changedBy: string | null;
  date: Date;
};

export type AdminOrderDetail = AdminOrder & {
  lines: Array<{
    id: number;
    name: string;
    productId: number | null;
    variationId: number | null;
    quantity: number;
    subtotal: number;
    subtotalTax: number;
    total: number;
    totalTax: number;
    taxes: { total: Record<string, number>; subtotal: Record<string, number> };
    attributes: Record<string, string>;
    /** How many of its items were ordered beyond the stock (decision 0080). */
    backordered: number;
    /** How many of its items have gone back into stock. */
    restockedQuantity: number;
  }>;
  attribution: AttributionRecord | null;
  origin: string;
  taxLines: OrderTaxLine[];
  couponLines: OrderCouponLine[];
  /** The order's figures as its totals table shows them. */
  totals: TotalsSummary;
  /** Oldest first. */
  notes: OrderNote[];
  /** Oldest first. */
  statusHistory: OrderStatusChange[];
};

/** An order's origin label: {@link UNKNOWN_ORIGIN} for an order without an attribution record. */
// Written out, not bound: the list groups by this expression, and two bound copies differ to PostgreSQL.
const originOf = sql<string>`coalesce(${orderAttribution.origin}, ${sql.raw(`'${UNKNOWN_ORIGIN}'`)})`;

/**
 * An order's billing name and e-mail as one text, written as the trigram index
 * `orders_billing_trgm_idx` holds it (packages/db's schema): the search must say the same for the
 * index to serve it.
 */
const billingSearchText = sql`(coalesce(${orders.billingAddress}->>'first_name', '') || ' ' || coalesce(${orders.billingAddress}->>'last_name', '') || ' ' || coalesce(${orders.billingAddress}->>'email', ''))`;

/** The most words of a search the list matches (each must match). */
const SEARCH_WORDS = 5;

/**
 * The search's conditions: an order number (`123`, `#123`) finds that order; words find
 * the orders where each is in the billing name or e-mail, or in the name of a line's product.
 */
function searchConditions(search: string): SQL[] {
  const number = /^#?(\d{1,10})$/.exec(search);
  if (number) {
    const id = Number(number[1]);
    return [id <= 2_147_483_647 ? eq(orders.id, id) : sql`false`];
  }
  return search
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_WORDS)
    .map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      // The orders a word finds by one read of each trigram index (migration 0018, decision 0065),
      // rather than every order's billing fields and, one order at a time, its lines.
      return sql`${orders.id} in (
        select ${orders.id} from ${orders} where ${billingSearchText} ilike ${pattern}
        union all select ${orderLines.orderId} from ${orderLines} where ${orderLines.name} ilike ${pattern})`;
    });
}

function listConditions(filters: OrderListFilters): SQL | undefined {
  const conditions: SQL[] = filters.search ? searchConditions(filters.search) : [];
  if (filters.statuses?.length) conditions.push(inArray(orders.status, filters.statuses));
  if (filters.origin === UNKNOWN_ORIGIN)
    conditions.push(or(isNull(orderAttribution.origin), eq(orderAttribution.origin, UNKNOWN_ORIGIN))!);
  else if (filters.origin) conditions.push(eq(orderAttribution.origin, filters.origin));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of the orders that pass `filters` (by status, by origin label, by a search), newest first,
 * each with its origin label ({@link UNKNOWN_ORIGIN} without a record): one statement for the page,
 * one for the count.
 */
export async function listOrders(
  db: Database,
  page: { limit: number; offset: number },
  filters: OrderListFilters = {},
): Promise<{ total: number; orders: Array<AdminOrder & { origin: string }> }> {
  const where = listConditions(filters);
  // A search reads every order it finds before it sorts them: the same pass counts them, where a
  // second statement would find them all again (decision 0065). Not for a list without a search,
  // which the index reads a page of in order.
  const found = sql<number | null>`${filters.search ? sql`count(*) over ()` : sql`null`}`.mapWith(Number);
  const read = await db
    .select({ ...adminColumns, origin: originOf, found })
    .from(orders)
    .leftJoin(orderAttribution, eq(orderAttribution.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const rows = read.map(({ found: _found, ...order }) => order);
  const searched = read[0]?.found;
  if (searched != null) return { total: searched, orders: rows };
  // A page that is not full is the last one: its orders and those before it are all there are, and
  // a search finding a few is not counted again over every order (decision 0065).
  if (rows.length > 0 && rows.length < page.limit) return { total: page.offset + rows.length, orders: rows };
  // Counted from the orders alone unless the origin filters them: the status index answers it.
  const counted = db.select({ total: count() }).from(orders);
  const [total] = await (filters.origin
    ? counted.leftJoin(orderAttribution, eq(orderAttribution.orderId, orders.id)).where(where)
    : counted.where(where));
  return { total: total?.total ?? 0, orders: rows };
}

/** The origins last counted per database, with the newest order then (decision 0065). */
const originsCounted = new WeakMap<Database, { newest: string; limit: number; origins: string[] }>();

/**
 * The origin labels orders have, for the list's filter: the most frequent first, at most `limit`.
 * Counting them reads every order (50,000 take 30–120 ms on PGlite) at each view of the list; an
 * order's origin is written in the transaction that places it, so they are counted again only when
 * the newest order is another one: its id and the transaction that wrote it (`xmin`, so a table
 * emptied and filled again is seen), read from the primary key's end. A deleted order's origin may
 * stay offered until the next order (it filters to no orders).
 */
export async function orderOrigins(db: Database, limit = 200): Promise<string[]> {
  const [newestRow] = await db
    .select({ newest: sql<string>`${orders.id} || ':' || ${orders}.xmin::text` })
    .from(orders)
    .orderBy(desc(orders.id))
    .limit(1);
  const newest = newestRow?.newest ?? "";
  const known = originsCounted.get(db);
  if (known && known.newest === newest && known.limit === limit) return known.origins;
  const origins = await countOrigins(db, limit);
  originsCounted.set(db, { newest, limit, origins });
  return origins;
}

async function countOrigins(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ origin: originOf, orders: count() })
    .from(orders)
    .leftJoin(orderAttribution, eq(orderAttribution.orderId, orders.id))
    .groupBy(originOf)
    .orderBy(desc(count()), asc(originOf))
    .limit(limit);
  return rows.map((row) => row.origin);
}

/** A name to show for a user: the display name, else the e-mail. */
export const userName = sql<string>`coalesce(nullif(${users.displayName}, ''), ${users.email})`;

/** An order's notes, oldest first; only those written to its customer when `customerOnly`. */
export async function notesOf(db: Database, orderId: number, customerOnly = false): Promise<OrderNote[]> {
  return db
    .select({
      id: orderNotes.id,
      note: orderNotes.body,
      customerNote: orderNotes.toCustomer,
      authorId: orderNotes.authorId,
      author: sql<string | null>`${userName}`,
      dateCreated: orderNotes.createdAt,
    })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.authorId))
    .where(
      customerOnly
        ? and(eq(orderNotes.orderId, orderId), eq(orderNotes.toCustomer, true))
        : eq(orderNotes.orderId, orderId),
    )
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}

/** Every status the order has been given, oldest first. */
export async function statusHistoryOf(db: Database, orderId: number): Promise<OrderStatusChange[]> {
  return db
    .select({
      id: orderStatusChanges.id,
      from: orderStatusChanges.fromStatus,
      to: orderStatusChanges.toStatus,
      changedById: orderStatusChanges.changedBy,
      changedBy: sql<string | null>`${userName}`,
      date: orderStatusChanges.createdAt,
    })
    .from(orderStatusChanges)
    .leftJoin(users, eq(users.id, orderStatusChanges.changedBy))
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.createdAt), asc(orderStatusChanges.id));
}

/**
 * One order with its lines, its attribution record and origin label, its notes and its status
 * history; null for an unknown id.
 */
export async function orderForAdmin(db: Database, id: number): Promise<AdminOrderDetail | null> {
  const [order] = await db
    .select({ ...adminColumns, taxLines: taxLinesOfOrder, couponLines: couponLinesOfOrder })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) return null;
  const [lines, [attribution], notes, statusHistory] = await Promise.all([
    db
      .select({
        id: orderLines.id,
        name: orderLines.name,
        productId: orderLines.productId,
        variationId: orderLines.variationId,
        quantity: orderLines.quantity,
        subtotal: orderLines.subtotal,
        subtotalTax: orderLines.subtotalTax,
        total: orderLines.total,
        totalTax: orderLines.totalTax,
        taxes: orderLines.taxes,
        attributes: orderLines.attributes,
        backordered: orderLines.backordered,
        restockedQuantity: orderLines.restockedQuantity,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id)),
    db.select().from(orderAttribution).where(eq(orderAttribution.orderId, id)),
    notesOf(db, id),
    statusHistoryOf(db, id),
  ]);
  const history = { notes, statusHistory, totals: orderTotalsSummary({ ...order, lines }) };
  if (!attribution) return { ...order, lines, attribution: null, origin: UNKNOWN_ORIGIN, ...history };
  const { orderId: _order, origin, ...record } = attribution;
  return { ...order, lines, attribution: record, origin, ...history };
}

import { type Database, orders, users } from "@vitrine/db";
import { and, asc, count, desc, eq, ilike, inArray, ne } from "drizzle-orm";
import type { OrderStatus } from "../../lib/order-status.ts";
import type { CustomerDetail, CustomerRow, StaffRow } from "../../lib/people-resource.ts";
import { escapeLike } from "../catalogue/search.server.ts";
import { invitationPending } from "./invitations.server.ts";

/**
 * The people of the store as the back office and the REST API show them (issue 17 "People",
 * decision 0038): the staff, the customers with their orders, one customer's addresses and orders.
 */

/** The most staff accounts the back office lists; a store has a handful. */
export const STAFF_LIMIT = 200;

/** Editors and administrators, administrators first, then by e-mail. */
export async function listStaff(db: Database): Promise<StaffRow[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role, meta: users.meta })
    .from(users)
    .where(ne(users.role, "customer"))
    .orderBy(asc(users.role), asc(users.email))
    .limit(STAFF_LIMIT);
  return rows.map(({ meta, ...row }) => ({ ...row, invitationPending: invitationPending(meta) }));
}

const orderColumns = {
  id: orders.id,
  date: orders.createdAt,
  status: orders.status,
  total: orders.total,
  currency: orders.currency,
};

const lastOrderOf = (row: {
  id: number;
  date: Date;
  status: OrderStatus;
  total: number;
  currency: string;
}) => ({
  id: row.id,
  date: row.date.toISOString(),
  status: row.status,
  total: row.total,
  currency: row.currency,
});

/**
 * A page of the customers (role `customer`), newest first, those whose e-mail contains `search`;
 * each with how many orders they placed and their last one.
 */
export async function listCustomers(
  db: Database,
  options: { search?: string | undefined; limit: number; offset: number },
): Promise<{ total: number; customers: CustomerRow[] }> {
  const where = and(
    eq(users.role, "customer"),
    options.search ? ilike(users.email, `%${escapeLike(options.search)}%`) : undefined,
  );
  const [total] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  const ids = rows.map((row) => row.id);
  const [counts, lasts] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ userId: orders.userId, count: count() })
            .from(orders)
            .where(inArray(orders.userId, ids))
            .groupBy(orders.userId),
          db
            .selectDistinctOn([orders.userId], { userId: orders.userId, ...orderColumns })
            .from(orders)
            .where(inArray(orders.userId, ids))
            .orderBy(orders.userId, desc(orders.createdAt), desc(orders.id)),
        ]);
  const countOf = new Map(counts.map((row) => [row.userId, row.count]));
  const lastOf = new Map(lasts.map((row) => [row.userId, lastOrderOf(row)]));
  return {
    total: total?.total ?? 0,
    customers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      dateCreated: row.createdAt.toISOString(),
      ordersCount: countOf.get(row.id) ?? 0,
      lastOrder: lastOf.get(row.id) ?? null,
    })),
  };
}

/** The most orders a customer's page lists (newest first). */
export const CUSTOMER_ORDERS_LIMIT = 100;

/** An account's addresses (those of its last order) and its orders; null for an unknown id. */
export async function customerDetail(db: Database, userId: number): Promise<CustomerDetail | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      locale: users.locale,
      createdAt: users.createdAt,
      billing: users.billingAddress,
      shipping: users.shippingAddress,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const placed = await db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CUSTOMER_ORDERS_LIMIT);
  const { createdAt, ...rest } = user;
  return { ...rest, dateCreated: createdAt.toISOString(), orders: placed.map(lastOrderOf) };
}

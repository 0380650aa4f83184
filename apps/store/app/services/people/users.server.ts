import { type Address, type Database, type Role, type Transaction, users } from "@vitrine/db";
import { and, asc, count, eq, ilike } from "drizzle-orm";
import type { PeopleRole } from "../../lib/people-resource.ts";
import { escapeLike } from "../catalogue/search.server.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";

/** Accounts as administrators see and change them: e-mail and role, and a user's own meta. */

export type { Role };

// The roles the REST schemas take are exactly the database's (a role added to one does not compile).
true satisfies [Role, PeopleRole] extends [PeopleRole, Role] ? true : false;

export type UserSummary = { id: number; email: string; role: Role };

const summaryColumns = { id: users.id, email: users.email, role: users.role };

export async function userRole(db: Database, userId: number): Promise<Role | null> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return user?.role ?? null;
}

/** The language an account reads the store in, or null when there is no such account. */
export async function userLocale(db: Database, userId: number): Promise<string | null> {
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return user?.locale ?? null;
}

/** An account's e-mail and role, or null when there is no such account. */
export async function userSummary(db: Database, userId: number): Promise<UserSummary | null> {
  const [user] = await db.select(summaryColumns).from(users).where(eq(users.id, userId));
  return user ?? null;
}

/** The addresses an account keeps (those of its last order), for forms to start from. */
export async function userAddresses(
  db: Database,
  userId: number,
): Promise<{ email: string; billing: Address | null; shipping: Address | null } | null> {
  const [user] = await db
    .select({ email: users.email, billing: users.billingAddress, shipping: users.shippingAddress })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** The signed-in user's role and WooCommerce-style meta, in one read. */
export async function userRoleAndMeta(
  db: Database,
  userId: number,
): Promise<{ role: Role; woocommerceMeta: Record<string, string> } | null> {
  const [user] = await db
    .select({ role: users.role, meta: users.meta })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  return {
    role: user.role,
    woocommerceMeta: (user.meta.woocommerce_meta as Record<string, string> | undefined) ?? {},
  };
}

/** A page of accounts in id order, those whose e-mail contains `search` and that have `role`. */
export async function listUsers(
  db: Database,
  options: { search?: string | undefined; role?: Role | undefined; limit: number; offset: number },
): Promise<{ total: number; users: UserSummary[] }> {
  const where = and(
    options.search ? ilike(users.email, `%${escapeLike(options.search)}%`) : undefined,
    options.role ? eq(users.role, options.role) : undefined,
  );
  const [total] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  return { total: total?.total ?? 0, users: rows };
}

/**
 * Gives an account a role; null for an unknown id. Refuses (`AdminInputError`) an administrator
 * (`actorId`) taking away their own role, and any change that would leave the store without an
 * administrator (decision 0038).
 */
export async function setUserRole(
  db: Database,
  userId: number,
  role: Role,
  actorId: number | null,
): Promise<UserSummary | null> {
  return db.transaction((tx) => setUserRoleIn(tx, userId, role, actorId));
}

/**
 * `setUserRole` inside the caller's transaction (an invitation's). Every administrator's row is
 * locked first, in id order: of two demotions at once the second waits for the first, then counts
 * the administrators the first left (PostgreSQL re-reads a locked row that changed, and leaves it out
 * when it is no longer an administrator's).
 */
export async function setUserRoleIn(
  tx: Transaction,
  userId: number,
  role: Role,
  actorId: number | null,
): Promise<UserSummary | null> {
  if (actorId === userId && role !== "administrator") {
    throw new AdminInputError(
      "rest_cannot_demote_self",
      "You cannot take away your own administrator role.",
      "role",
    );
  }
  const administrators = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "administrator"))
    .orderBy(asc(users.id))
    .for("update");
  const [user] = await tx.select(summaryColumns).from(users).where(eq(users.id, userId)).for("update");
  if (!user) return null;
  if (
    user.role === "administrator" &&
    role !== "administrator" &&
    !administrators.some((administrator) => administrator.id !== userId)
  ) {
    throw new AdminInputError(
      "rest_last_administrator",
      "The store must keep at least one administrator.",
      "role",
    );
  }
  if (user.role === role) return user;
  const [row] = await tx.update(users).set({ role }).where(eq(users.id, userId)).returning(summaryColumns);
  return row ?? null;
}

/** Merges values into the user's `woocommerce_meta` and returns the whole of it. */
export async function mergeWooCommerceMeta(
  db: Database,
  userId: number,
  values: Record<string, string>,
): Promise<Record<string, string>> {
  const [user] = await db.select({ meta: users.meta }).from(users).where(eq(users.id, userId));
  const current = (user?.meta.woocommerce_meta as Record<string, string> | undefined) ?? {};
  const woocommerceMeta = { ...current, ...values };
  await db
    .update(users)
    .set({ meta: { ...user?.meta, woocommerce_meta: woocommerceMeta } })
    .where(eq(users.id, userId));
  return woocommerceMeta;
}

import { createHash, randomBytes } from "node:crypto";
import { type Database, sessions, users } from "@vitrine/db";
import { and, count, eq, sql } from "drizzle-orm";
import { oweNewAccountMail } from "../mail/owed-mails.server.ts";
import { createNonce } from "../shared/nonce.server.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";

const DEFAULT_ADMIN_EMAIL = "admin@vitrine.localhost";

/**
 * On a first start with no users, an administrator is made from ADMIN_EMAIL/ADMIN_PASSWORD, or with a
 * random password that is printed once. There is never a fixed default password.
 */
export async function ensureAdministrator(
  db: Database,
  admin: { email: string; password: string } | undefined,
): Promise<{ email: string; generatedPassword: string | null } | null> {
  const [row] = await db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return null;
  const email = admin?.email ?? DEFAULT_ADMIN_EMAIL;
  const password = admin?.password ?? randomBytes(12).toString("base64url");
  await db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      role: "administrator",
      displayName: "Administrator",
    })
    .onConflictDoNothing();
  return { email, generatedPassword: admin ? null : password };
}

export class AccountError extends Error {
  override name = "AccountError";
  constructor(readonly code: "email_taken" | "invalid_credentials") {
    super(code);
  }
}

/**
 * A shopper's own account, and in its transaction the "new account" mail it owes (decision 0062):
 * answers the account and the mail's key, for the caller to send it after the answer.
 */
export async function registerCustomer(
  db: Database,
  input: { email: string; password: string; locale: string },
): Promise<{ id: number; mailKey: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email: input.email.toLowerCase(), passwordHash, locale: input.locale })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw new AccountError("email_taken");
    return { id: created.id, mailKey: await oweNewAccountMail(tx, created.id) };
  });
}

/** The user for this e-mail and password; the same error (and similar time) whichever part is wrong. */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<{ id: number; role: string }> {
  const [user] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  // An invited account has no password yet (decision 0038): it costs the same time as a wrong one.
  const stored = user?.passwordHash.startsWith("scrypt$") ? user.passwordHash : DUMMY_HASH;
  const ok = await verifyPassword(password, stored);
  if (!user || !ok) throw new AccountError("invalid_credentials");
  return { id: user.id, role: user.role };
}

const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

const RESET_HOURS = 24;

/**
 * Starts a password reset: a random token whose hash (never the token) is kept in the user's meta
 * for 24 hours. Returns null when no account has this e-mail, which callers must not reveal. The
 * slot is written in one statement, so nothing else kept in the meta (an invitation) is lost.
 */
export async function createPasswordReset(
  db: Database,
  email: string,
): Promise<{ userId: number; token: string; locale: string } | null> {
  const token = randomBytes(24).toString("base64url");
  const slot = { hash: tokenHash(token), expires: Date.now() + RESET_HOURS * 3_600_000 };
  const [user] = await db
    .update(users)
    .set({ meta: sql`${users.meta} || jsonb_build_object('password_reset', ${JSON.stringify(slot)}::jsonb)` })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning({ id: users.id, locale: users.locale });
  return user ? { userId: user.id, token, locale: user.locale } : null;
}

/** The account's reset link while it is good: its key's hash matches and its 24 hours are not over. */
const resetCondition = (userId: number, token: string) =>
  and(
    eq(users.id, userId),
    sql`${users.meta}->'password_reset'->>'hash' = ${tokenHash(token)}::text`,
    sql`(${users.meta}->'password_reset'->>'expires')::bigint > ${Date.now()}::bigint`,
  );

/** Whether a reset link is still good (not used, not replaced by a newer one, not expired). */
export async function passwordResetOpen(db: Database, userId: number, token: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(resetCondition(userId, token));
  return user !== undefined;
}

/**
 * Sets the new password and uses up the link in one statement, so of two uses at once one wins;
 * false for a used, stale or wrong link.
 */
export async function resetPassword(
  db: Database,
  userId: number,
  token: string,
  password: string,
): Promise<boolean> {
  // A wrong or stale link is answered before the password is hashed: a guessed key costs no hashing.
  if (!(await passwordResetOpen(db, userId, token))) return false;
  const passwordHash = await hashPassword(password);
  const [user] = await db
    .update(users)
    .set({ passwordHash, meta: sql`${users.meta} - 'password_reset'` })
    .where(resetCondition(userId, token))
    .returning({ id: users.id });
  if (!user) return false;
  // Every session of the account ends: whoever knew the old password is signed out.
  await db.delete(sessions).where(eq(sessions.userId, userId));
  return true;
}

export function isResetTokenShape(token: string): boolean {
  return /^[\w-]{20,64}$/.test(token);
}

/** How a one-time account link's token is kept (password resets, invitations): its SHA-256, never itself. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const LOGIN_NONCE = "woocommerce-login";
/** Signing out, from My account or the back office's bar. */
export const LOGOUT_NONCE = "customer-logout";
export const REGISTER_NONCE = "woocommerce-register";

/**
 * Guests have no session of their own before they sign in, and their pages are shared, so the
 * sign-in forms carry a nonce made from the server's secret: it still proves the form came from us.
 */
export function guestFormNonce(serverSecret: string, action: string): string {
  return createNonce(serverSecret, action);
}

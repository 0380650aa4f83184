import { randomBytes } from "node:crypto";
import { type Database, users } from "@vitrine/db";
import { count } from "drizzle-orm";
import { hashPassword } from "./passwords.server.ts";

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

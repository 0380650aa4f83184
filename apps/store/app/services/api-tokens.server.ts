import { createHash, randomBytes } from "node:crypto";
import { apiTokens, type Database, type Role, users } from "@vitrine/db";
import { and, eq, isNull } from "drizzle-orm";

/** API tokens for scripts (CONTRACTS.md): random, shown once, stored only as a hash, revocable. */

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token for the user; only its hash is kept. */
export async function issueApiToken(db: Database, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(apiTokens).values({ userId, tokenHash: hashToken(token) });
  return token;
}

/** The token's id and its holder, or null for an unknown or revoked token. */
export async function findApiToken(
  db: Database,
  token: string,
): Promise<{ tokenId: number; userId: number; role: Role } | null> {
  const [row] = await db
    .select({ tokenId: apiTokens.id, userId: users.id, role: users.role })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)));
  return row ?? null;
}

export async function revokeApiToken(db: Database, tokenId: number): Promise<void> {
  await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, tokenId));
}

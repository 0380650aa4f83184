import { createHash, randomBytes } from "node:crypto";
import { apiTokens, type Database, type Role, users } from "@vitrine/db";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";

/** API tokens for scripts (CONTRACTS.md): random, shown once, stored only as a hash, revocable. */

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token's use is written down at most once a minute, so a busy script does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

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
    .select({
      tokenId: apiTokens.id,
      userId: users.id,
      role: users.role,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.id, row.tokenId),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
  }
  return { tokenId: row.tokenId, userId: row.userId, role: row.role };
}

export async function revokeApiToken(db: Database, tokenId: number): Promise<void> {
  await db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, tokenId));
}

/** A token as administrators see it: never the token itself (only its hash is kept). */
export type ApiTokenRecord = {
  id: number;
  userId: number;
  email: string;
  role: Role;
  createdAt: string;
  lastUsedAt: string | null;
};

/** A page of the tokens still in force, newest first, those of owners whose e-mail contains `search`. */
export async function listApiTokens(
  db: Database,
  options: { search?: string | undefined; limit: number; offset: number },
): Promise<{ total: number; tokens: ApiTokenRecord[] }> {
  const where = and(
    isNull(apiTokens.revokedAt),
    options.search ? sql`position(${options.search.toLowerCase()} in lower(${users.email})) > 0` : undefined,
  );
  const [total] = await db
    .select({ total: count() })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(where);
  const rows = await db
    .select({
      id: apiTokens.id,
      userId: users.id,
      email: users.email,
      role: users.role,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(where)
    .orderBy(desc(apiTokens.id))
    .limit(options.limit)
    .offset(options.offset);
  return {
    total: total?.total ?? 0,
    tokens: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** Revokes a token by its id (an administrator's revocation); false when no token in force has it. */
export async function revokeApiTokenById(db: Database, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

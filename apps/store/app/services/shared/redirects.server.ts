import { type Database, redirects, type Transaction } from "@vitrine/db";
import { eq } from "drizzle-orm";

/** Only paths on this site: never `//host`, `/\host` or absolute URLs that would leave it. */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  try {
    const url = new URL(target, "http://vitrine.invalid");
    if (url.origin !== "http://vitrine.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/**
 * Leaves the old address `from` answering 301 to `to` when a page's or product's slug changes
 * (issue 17), and points the addresses that led to `from` at `to` too, so no chain forms; `to`
 * itself stops redirecting. In the transaction of the save.
 */
export async function recordMove(tx: Transaction, from: string, to: string): Promise<void> {
  if (from === to) return;
  await tx.delete(redirects).where(eq(redirects.path, to));
  await tx.update(redirects).set({ target: to }).where(eq(redirects.target, from));
  await tx
    .insert(redirects)
    .values({ path: from, target: to })
    .onConflictDoUpdate({ target: redirects.path, set: { target: to, createdAt: new Date() } });
}

/** Forgets the old addresses that led to `path`, whose page is gone. */
export async function forgetMovesTo(tx: Database | Transaction, path: string): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.target, path));
}

/** Where the page or product that answered at `path` has moved; null when nothing moved from there. */
export async function movedTo(db: Database, path: string): Promise<string | null> {
  const [row] = await db.select({ target: redirects.target }).from(redirects).where(eq(redirects.path, path));
  return row ? safeRedirectPath(row.target, "/") : null;
}

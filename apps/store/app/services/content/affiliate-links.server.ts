import { affiliateLinks, type Database } from "@vitrine/db";
import { asc, eq, sql } from "drizzle-orm";
import type { AffiliateLinkChange, AffiliateLinkInput } from "../../lib/affiliate-link-resource.ts";
import { isSlug } from "../catalogue/products-admin.server.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";

/**
 * Affiliate links (spec §2 "Affiliate redirect paths", CONTRACTS.md, decision 0035): `/go/{slug}` and
 * `/recommend/{slug}` answer a redirect to the link's target and count the click. The owner sets
 * them in the back office or over REST.
 */

export type AffiliateLink = { slug: string; targetUrl: string; clicks: number; createdAt: string };

const fail = (code: string, message: string, param: string) => new AdminInputError(code, message, param);

/**
 * The link's target, its click counted in the same statement; null for a slug without a link. A
 * `HEAD` (link checkers, previews) is not a click.
 */
export async function followAffiliateLink(db: Database, slug: string, count = true): Promise<string | null> {
  if (!count) {
    const [link] = await db
      .select({ target: affiliateLinks.targetUrl })
      .from(affiliateLinks)
      .where(eq(affiliateLinks.slug, slug));
    return link?.target ?? null;
  }
  const [row] = await db
    .update(affiliateLinks)
    .set({ clicks: sql`${affiliateLinks.clicks} + 1` })
    .where(eq(affiliateLinks.slug, slug))
    .returning({ target: affiliateLinks.targetUrl });
  return row?.target ?? null;
}

export async function listAffiliateLinks(db: Database): Promise<AffiliateLink[]> {
  const rows = await db.select().from(affiliateLinks).orderBy(asc(affiliateLinks.slug));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function createAffiliateLink(db: Database, input: AffiliateLinkInput): Promise<AffiliateLink> {
  if (!isSlug(input.slug))
    throw fail("vitrine_affiliate_invalid_slug", "A slug is lowercase letters, digits and hyphens.", "slug");
  try {
    const [row] = await db
      .insert(affiliateLinks)
      .values({ slug: input.slug, targetUrl: input.target_url })
      .returning();
    return { ...row!, createdAt: row!.createdAt.toISOString() };
  } catch (error) {
    if (databaseRefusal(error)?.code === UNIQUE_VIOLATION)
      throw fail("vitrine_affiliate_slug_taken", "Another affiliate link has this slug.", "slug");
    throw error;
  }
}

/** Changes a link's target (its clicks stay); null when there is no such link. */
export async function updateAffiliateLink(
  db: Database,
  slug: string,
  change: AffiliateLinkChange,
): Promise<AffiliateLink | null> {
  const [row] = await db
    .update(affiliateLinks)
    .set({ targetUrl: change.target_url })
    .where(eq(affiliateLinks.slug, slug))
    .returning();
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

export async function deleteAffiliateLink(db: Database, slug: string): Promise<boolean> {
  const rows = await db
    .delete(affiliateLinks)
    .where(eq(affiliateLinks.slug, slug))
    .returning({ slug: affiliateLinks.slug });
  return rows.length > 0;
}

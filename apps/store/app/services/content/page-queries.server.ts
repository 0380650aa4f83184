import { blocks, type Database, pages } from "@vitrine/db";
import { and, eq, type SQL, sql } from "drizzle-orm";

/**
 * The content pages' read (decision 0034), shared by the storefront (`loadPage`), the page builder
 * (`pageForBuilder`) and the page editor (`loadEditablePage`): a page and its blocks in one
 * statement (issue 14: few statements per page).
 */

export type Block = { id: number; type: string; data: Record<string, unknown> };

export type StoredPage = {
  id: number;
  slug: string;
  title: Record<string, unknown>;
  status: "publish" | "draft";
  updatedAt: Date;
  blocks: Block[];
};

/** The page's blocks in their order, as JSON, for a select from `pages`. */
const blocksOfPage = sql`coalesce((select json_agg(json_build_object(
    'id', ${blocks.id}, 'type', ${blocks.type}, 'data', ${blocks.data})
    order by ${blocks.position}, ${blocks.id})
  from ${blocks} where ${blocks.pageId} = ${pages.id}), '[]')`;

/**
 * A page and its blocks in order, by id or by address; a draft only when `drafts` says so; null
 * when there is none.
 */
export async function readPage(
  db: Database,
  key: { id: number } | { slug: string },
  options: { drafts: boolean },
): Promise<StoredPage | null> {
  const byKey: SQL = "id" in key ? eq(pages.id, key.id) : eq(pages.slug, key.slug);
  const [page] = await db
    .select({
      id: pages.id,
      slug: pages.slug,
      title: pages.title,
      status: pages.status,
      updatedAt: pages.updatedAt,
      // Nested in a fragment of its own: a select from one table writes the columns of its list's
      // fragments without their table, which would make the subquery's `pages.id` its own `blocks.id`.
      blocks: sql<Block[]>`${blocksOfPage}`,
    })
    .from(pages)
    .where(options.drafts ? byKey : and(byKey, eq(pages.status, "publish")));
  if (!page) return null;
  return { ...page, title: page.title as Record<string, unknown> };
}

/** A page the storefront shows, by its address; a draft only for staff's preview (`drafts`). */
export function loadPage(
  db: Database,
  slug: string,
  options: { drafts: boolean },
): Promise<StoredPage | null> {
  return readPage(db, { slug }, options);
}

import { blocks, type Database, menuItems, menus, pages } from "@vitrine/db";
import { and, asc, eq, sql } from "drizzle-orm";
import type { MenuItem } from "../../lib/menu.ts";
import { pickTranslation } from "../shared/translations.server.ts";

export type { MenuItem };
export type Block = { id: number; type: string; data: Record<string, unknown> };

export async function loadMenu(db: Database, location: string, locale: string): Promise<MenuItem[]> {
  const rows = await db
    .select({ id: menuItems.id, parentId: menuItems.parentId, label: menuItems.label, url: menuItems.url })
    .from(menuItems)
    .innerJoin(menus, eq(menus.id, menuItems.menuId))
    .where(eq(menus.location, location))
    .orderBy(asc(menuItems.position), asc(menuItems.id));
  const items = new Map<number, MenuItem & { parentId: number | null }>(
    rows.map((row) => [row.id, { ...row, label: pickTranslation(row.label, locale, ""), children: [] }]),
  );
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    const parent = item.parentId === null ? undefined : items.get(item.parentId);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/** The id of the menu at `location`, or null when the store has none there. */
export async function menuIdAt(db: Database, location: string): Promise<number | null> {
  const [menu] = await db.select({ id: menus.id }).from(menus).where(eq(menus.location, location));
  return menu?.id ?? null;
}

export type StoredPage = {
  id: number;
  slug: string;
  title: Record<string, unknown>;
  status: "publish" | "draft";
  blocks: Block[];
};

/** The page's blocks in their order, as JSON, for a select from `pages`. */
const blocksOfPage = sql`coalesce((select json_agg(json_build_object(
    'id', ${blocks.id}, 'type', ${blocks.type}, 'data', ${blocks.data})
    order by ${blocks.position}, ${blocks.id})
  from ${blocks} where ${blocks.pageId} = ${pages.id}), '[]')`;

/**
 * A page and its blocks in order; a draft only when `drafts` says so; null when there is none. One
 * statement: the blocks come with the page's row (issue 14: few statements per page).
 */
export async function loadPage(
  db: Database,
  slug: string,
  options: { drafts: boolean },
): Promise<StoredPage | null> {
  const [page] = await db
    .select({
      id: pages.id,
      slug: pages.slug,
      title: pages.title,
      status: pages.status,
      // Nested in a fragment of its own: a select from one table writes the columns of its list's
      // fragments without their table, which would make the subquery's `pages.id` its own `blocks.id`.
      blocks: sql<Block[]>`${blocksOfPage}`,
    })
    .from(pages)
    .where(options.drafts ? eq(pages.slug, slug) : and(eq(pages.slug, slug), eq(pages.status, "publish")));
  if (!page) return null;
  return { ...page, title: page.title as Record<string, unknown> };
}

/** A page's blocks as stored, in their order: the storefront's, the page builder's and the editor's. */
export function pageBlockRows(db: Database, pageId: number) {
  return db
    .select({ id: blocks.id, type: blocks.type, data: blocks.data })
    .from(blocks)
    .where(eq(blocks.pageId, pageId))
    .orderBy(asc(blocks.position), asc(blocks.id));
}

/** Picks the shopper's language from a `{ en, es }` value stored in a block. */
export function translated(value: unknown, locale: string): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const text = pickTranslation(value as Record<string, unknown>, locale, "");
    return typeof text === "string" ? text : "";
  }
  return "";
}

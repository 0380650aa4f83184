import { type Database, menuItems, menus } from "@vitrine/db";
import { asc, eq } from "drizzle-orm";
import type { MenuItem } from "../../lib/menu.ts";
import { pickTranslation } from "../shared/translations.server.ts";

/**
 * The menus' reads (decision 0036), shared by the storefront (`loadMenu`, through the site cache)
 * and the back office's editor (`menuForEditor`): a menu is read in one statement, as stored, and
 * each side shapes the same tree its own way.
 */

export type { MenuItem };

/** A menu item as stored: its label in every language, the address it links to, its sub-items. */
export type StoredMenuItem = {
  id: number;
  label: (typeof menuItems.$inferSelect)["label"];
  url: string;
  children: StoredMenuItem[];
};

/** The menu at `location` as stored: its items in order, each with its sub-items; empty when none. */
export async function readMenu(db: Database, location: string): Promise<StoredMenuItem[]> {
  const rows = await db
    .select({ id: menuItems.id, parentId: menuItems.parentId, label: menuItems.label, url: menuItems.url })
    .from(menuItems)
    .innerJoin(menus, eq(menus.id, menuItems.menuId))
    .where(eq(menus.location, location))
    .orderBy(asc(menuItems.position), asc(menuItems.id));
  const items = new Map<number, StoredMenuItem>(
    rows.map((row) => [row.id, { id: row.id, label: row.label, url: row.url, children: [] }]),
  );
  const roots: StoredMenuItem[] = [];
  for (const row of rows) {
    const item = items.get(row.id)!;
    const parent = row.parentId === null ? undefined : items.get(row.parentId);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/** Every address a menu links to, its sub-items' too. */
export function menuAddresses(items: StoredMenuItem[]): string[] {
  return items.flatMap((item) => [item.url, ...menuAddresses(item.children)]);
}

/** The menu at `location` as pages show it: each label in the shopper's language. */
export async function loadMenu(db: Database, location: string, locale: string): Promise<MenuItem[]> {
  const shown = (item: StoredMenuItem): MenuItem => ({
    id: item.id,
    label: pickTranslation(item.label, locale, ""),
    url: item.url,
    children: item.children.map(shown),
  });
  return (await readMenu(db, location)).map(shown);
}

/** The id of the menu at `location`, or null when the store has none there. */
export async function menuIdAt(db: Database, location: string): Promise<number | null> {
  const [menu] = await db.select({ id: menus.id }).from(menus).where(eq(menus.location, location));
  return menu?.id ?? null;
}

import {
  categories,
  type Database,
  menuItems,
  menus,
  pages,
  products,
  productTranslations,
  redirects,
  type Transaction,
} from "@vitrine/db";
import { and, count, eq, inArray } from "drizzle-orm";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import {
  isMenuAddress,
  MENU_ITEMS_MAX,
  MENU_LOCATIONS,
  type MenuItemInput,
  type MenuItemRecord,
  type MenuLocation,
  type MenuRecord,
  type MenuTarget,
} from "../../lib/menu-editor.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { menuAddresses, readMenu, type StoredMenuItem } from "./menu-queries.server.ts";

/**
 * The menus editor's use cases (issue 17, decision 0036): a menu read for editing, with what each
 * item points at, and saved whole in one transaction. Items store only their label and the address
 * they link to, so both sides read a menu through one query (`readMenu`, `menu-queries.server.ts`);
 * the kind of target is read back from the address.
 */

const fail = (code: string, message: string, param: string) => new AdminInputError(code, message, param);

/** The store's menus with how many items each has (every location, an empty one too). */
export async function listMenusForAdmin(
  db: Database,
): Promise<Array<{ location: MenuLocation; itemCount: number }>> {
  const rows = await db
    .select({ location: menus.location, items: count(menuItems.id) })
    .from(menus)
    .leftJoin(menuItems, eq(menuItems.menuId, menus.id))
    .groupBy(menus.location);
  const counted = new Map(rows.map((row) => [row.location, row.items]));
  return MENU_LOCATIONS.map((location) => ({ location, itemCount: counted.get(location) ?? 0 }));
}

/** The menu at `location` with each item's label in both languages and its target, in order. */
export async function menuForEditor(db: Database, location: MenuLocation): Promise<MenuRecord> {
  const stored = await readMenu(db, location);
  const targets = await targetsOf(db, menuAddresses(stored));
  const record = (item: StoredMenuItem): MenuItemRecord => {
    const text = (locale: string) => (typeof item.label[locale] === "string" ? item.label[locale] : "");
    return {
      id: item.id,
      label: { en: text("en"), es: text("es") },
      target: targets.get(item.url) ?? { kind: "url", url: item.url },
      url: item.url,
      children: item.children.map(record),
    };
  };
  return { location, items: stored.map(record) };
}

/**
 * Replaces the menu at `location` with `items`, in order, in one transaction with the menu's row
 * locked (two saves at once: the later one wins whole). Each target becomes the address the
 * storefront links to. The menu's row is made on its first save.
 */
export async function saveMenu(
  db: Database,
  location: MenuLocation,
  items: readonly MenuItemInput[],
): Promise<void> {
  const all = items.flatMap((item) => [item, ...(item.children ?? [])]);
  if (all.length > MENU_ITEMS_MAX)
    throw fail("vitrine_menu_too_long", `A menu has at most ${MENU_ITEMS_MAX} items.`, "items");
  for (const item of all) {
    if (!item.label.en.trim())
      throw fail("vitrine_menu_label_required", "Every menu item needs an English label.", "items");
    if (item.target.kind === "url" && !isMenuAddress(item.target.url.trim()))
      throw fail(
        "vitrine_menu_invalid_url",
        "A menu item's address is a path on the store (/shop) or an http(s) address.",
        "items",
      );
    if (item.children?.some((child) => (child.children?.length ?? 0) > 0))
      throw fail("vitrine_menu_too_deep", "Menus nest one level: a sub-item has no sub-items.", "items");
  }
  await db.transaction(async (tx) => {
    await tx.insert(menus).values({ location }).onConflictDoNothing();
    const [menu] = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.location, location))
      .for("update");
    const addresses = await addressesOf(
      tx,
      all.map((item) => item.target),
    );
    const row = (item: MenuItemInput, position: number, parentId: number | null) => {
      // Without a Spanish label the storefront shows the English one (`pickTranslation`).
      const label: Record<string, string> = { en: item.label.en.trim() };
      if (item.label.es?.trim()) label.es = item.label.es.trim();
      return { menuId: menu!.id, parentId, position, label, url: addresses(item.target) };
    };
    await tx.delete(menuItems).where(eq(menuItems.menuId, menu!.id));
    for (const [position, item] of items.entries()) {
      const [parent] = await tx
        .insert(menuItems)
        .values(row(item, position, null))
        .returning({ id: menuItems.id });
      const children = item.children ?? [];
      if (children.length > 0)
        await tx.insert(menuItems).values(children.map((child, at) => row(child, at, parent!.id)));
    }
  });
}

/**
 * Where each target leads: `/` for the home page, `/{slug}` for another page, the category's and
 * the product's addresses; an address as given. A page, category or product the store does not
 * have is refused.
 */
async function addressesOf(tx: Transaction, targets: readonly MenuTarget[]) {
  const wanted = (kind: "page" | "category" | "product") => [
    ...new Set(targets.flatMap((each) => (each.kind === kind ? [each.id] : []))),
  ];
  const slugs = async (
    ids: number[],
    read: (ids: number[]) => Promise<Array<{ id: number; slug: string }>>,
  ): Promise<Map<number, string>> => {
    const found = ids.length > 0 ? await read(ids) : [];
    if (found.length !== ids.length)
      throw fail(
        "vitrine_menu_unknown_target",
        "A menu item points at a page, category or product the store does not have.",
        "items",
      );
    return new Map(found.map((each) => [each.id, each.slug]));
  };
  const [pageSlugs, categorySlugs, productSlugs] = [
    await slugs(wanted("page"), (ids) =>
      tx.select({ id: pages.id, slug: pages.slug }).from(pages).where(inArray(pages.id, ids)),
    ),
    await slugs(wanted("category"), (ids) =>
      tx
        .select({ id: categories.id, slug: categories.slug })
        .from(categories)
        .where(inArray(categories.id, ids)),
    ),
    await slugs(wanted("product"), (ids) =>
      tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.id, ids)),
    ),
  ];
  return (target: MenuTarget): string => {
    switch (target.kind) {
      case "page": {
        const slug = pageSlugs.get(target.id)!;
        return slug === HOME_PAGE_SLUG ? "/" : `/${slug}`;
      }
      case "category":
        return `/product-category/${categorySlugs.get(target.id)!}`;
      case "product":
        return `/product/${productSlugs.get(target.id)!}`;
      case "url":
        return target.url.trim();
    }
  };
}

const SLUG = "([a-z0-9]+(?:-[a-z0-9]+)*)";
const PRODUCT_PATH = new RegExp(`^/product/${SLUG}/?$`);
const CATEGORY_PATH = new RegExp(`^/product-category/${SLUG}/?$`);
const PAGE_PATH = new RegExp(`^/${SLUG}/?$`);

/**
 * What the stored addresses point at, read back from the address: the store's own addresses of a
 * page, category or product that exists. An address a page or product has moved from (a changed
 * slug leaves a 301, `recordMove`) counts as its new one, so the editor shows the item's page or
 * product and its next save stores the new address. Anything else is an address.
 */
async function targetsOf(db: Database, urls: readonly string[]): Promise<Map<string, MenuTarget>> {
  const paths = [...new Set(urls.filter((url) => url.startsWith("/")))];
  if (paths.length === 0) return new Map();
  const moved = new Map(
    (
      await db
        .select({ path: redirects.path, target: redirects.target })
        .from(redirects)
        .where(inArray(redirects.path, paths))
    ).map((row) => [row.path, row.target]),
  );
  const wanted = { page: new Set<string>(), category: new Set<string>(), product: new Set<string>() };
  const parsed = new Map<string, { kind: keyof typeof wanted; slug: string }>();
  for (const stored of paths) {
    const path = moved.get(stored) ?? stored;
    const match =
      path === "/"
        ? { kind: "page" as const, slug: HOME_PAGE_SLUG }
        : PRODUCT_PATH.test(path)
          ? { kind: "product" as const, slug: PRODUCT_PATH.exec(path)![1]! }
          : CATEGORY_PATH.test(path)
            ? { kind: "category" as const, slug: CATEGORY_PATH.exec(path)![1]! }
            : PAGE_PATH.test(path)
              ? { kind: "page" as const, slug: PAGE_PATH.exec(path)![1]! }
              : null;
    if (!match) continue;
    wanted[match.kind].add(match.slug);
    parsed.set(stored, match);
  }
  const ids = async (
    slugs: Set<string>,
    read: (slugs: string[]) => Promise<Array<{ id: number; slug: string }>>,
  ) => new Map((slugs.size > 0 ? await read([...slugs]) : []).map((row) => [row.slug, row.id]));
  const found = {
    page: await ids(wanted.page, (slugs) =>
      db.select({ id: pages.id, slug: pages.slug }).from(pages).where(inArray(pages.slug, slugs)),
    ),
    category: await ids(wanted.category, (slugs) =>
      db
        .select({ id: categories.id, slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, slugs)),
    ),
    product: await ids(wanted.product, (slugs) =>
      db.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs)),
    ),
  };
  const targets = new Map<string, MenuTarget>();
  for (const [stored, { kind, slug }] of parsed) {
    const targetId = found[kind].get(slug);
    if (targetId !== undefined) targets.set(stored, { kind, id: targetId });
  }
  return targets;
}

/**
 * A category's address changed: the menu items that linked to its old one follow it (a category
 * leaves no 301 behind). In the transaction of the category's save, which purges every page.
 */
export async function menusFollowCategory(tx: Transaction, from: string, to: string): Promise<void> {
  if (from !== to) await tx.update(menuItems).set({ url: to }).where(eq(menuItems.url, from));
}

/**
 * The English names of the products with these ids (the slug for one without a name): the editor's
 * choices always hold the products its menu already points at, however old they are.
 */
export async function productChoicesByIds(
  db: Database,
  ids: readonly number[],
): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, slug: products.slug, name: productTranslations.name })
    .from(products)
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, "en")),
    )
    .where(inArray(products.id, [...ids]));
  return rows.map((row) => ({ id: row.id, name: row.name ?? row.slug }));
}

/**
 * The menus as the back office edits them (issue 17, decision 0036): shared by the service that
 * reads and saves them, the REST API and the editor. Pure, and kept apart from `menu.ts`, which
 * every storefront page loads.
 */
import { z } from "zod";

/**
 * The menus a store has: the header's main menu, the footer's, and the vertical category menu
 * (which shows the main menu while it has no items of its own).
 */
export const MENU_LOCATIONS = ["primary", "footer", "categories"] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];

export function isMenuLocation(value: unknown): value is MenuLocation {
  return (MENU_LOCATIONS as readonly unknown[]).includes(value);
}

/** At most this many items in one menu, sub-items included. */
export const MENU_ITEMS_MAX = 200;
export const MENU_LABEL_MAX = 200;
export const MENU_URL_MAX = 2000;

export const MENU_TARGET_KINDS = ["page", "category", "product", "url"] as const;
export type MenuTargetKind = (typeof MENU_TARGET_KINDS)[number];

/** What an item leads to: one of the store's pages, categories or products, or an address. */
export type MenuTarget = { kind: "page" | "category" | "product"; id: number } | { kind: "url"; url: string };

/** An item as `GET /menus/{location}` answers it: `url` is the address the storefront links to. */
export type MenuItemRecord = {
  id: number;
  label: { en: string; es: string };
  target: MenuTarget;
  url: string;
  children: MenuItemRecord[];
};
export type MenuRecord = { location: MenuLocation; items: MenuItemRecord[] };

/** An item as a save sends it; a sub-item has no sub-items (menus nest one level). */
export type MenuItemInput = {
  label: { en: string; es?: string | undefined };
  target: MenuTarget;
  children?: MenuItemInput[] | undefined;
};

const id = z.number().int().min(1).max(2_147_483_647);
const label = z
  .object({
    en: z.string().trim().max(MENU_LABEL_MAX),
    es: z.string().trim().max(MENU_LABEL_MAX).optional(),
  })
  .strict();
const target = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("page"), id }).strict(),
  z.object({ kind: z.literal("category"), id }).strict(),
  z.object({ kind: z.literal("product"), id }).strict(),
  z.object({ kind: z.literal("url"), url: z.string().trim().max(MENU_URL_MAX) }).strict(),
]);
const subItem = z.object({ label, target }).strict();
/**
 * The menu as a REST resource: a save's body (`PUT /menus/{location}`), the menu's items in order,
 * each with its sub-items (one level; a sub-item has none). What it reads is a `MenuItemInput`, which
 * the service takes (the compiler checks it).
 */
export const menuInput = z
  .object({
    items: z
      .array(z.object({ label, target, children: z.array(subItem).max(MENU_ITEMS_MAX).optional() }).strict())
      .max(MENU_ITEMS_MAX),
  })
  .strict() satisfies z.ZodType<{ items: MenuItemInput[] }>;

/**
 * An address a menu may link to: a path on the store (`/shop`, `/about?x=1#y`) or an absolute
 * http(s) address. Never `javascript:` or another scheme, never `//host` or `/\host` (which leave
 * the site), and no spaces or control characters (browsers drop tabs and line breaks, which would
 * turn `/\t/host` into `//host`).
 */
export function isMenuAddress(value: string): boolean {
  if (value === "" || value.length > MENU_URL_MAX) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * The editor keeps a menu as one list in display order, each item at depth 0 (an item of the menu)
 * or 1 (a sub-item of the nearest depth-0 item above it). The moves below keep that shape: a
 * depth-1 item never comes first, and depth never passes 1.
 */
export type Flat = { depth: 0 | 1 };

/** Where the group of a depth-0 item (itself and its sub-items) ends, exclusive. */
function groupEnd(items: readonly Flat[], start: number): number {
  let end = start + 1;
  while (end < items.length && items[end]!.depth === 1) end++;
  return end;
}

/** The depth-0 item a depth-1 item is under; the item itself for a depth-0 one. */
export function parentIndex(items: readonly Flat[], index: number): number {
  let at = index;
  while (at > 0 && items[at]!.depth === 1) at--;
  return at;
}

export function canMove(items: readonly Flat[], index: number, by: -1 | 1): boolean {
  const item = items[index];
  if (!item) return false;
  if (item.depth === 1) return items[index + by]?.depth === 1;
  return by < 0 ? index > 0 : groupEnd(items, index) < items.length;
}

/** An item one place up or down among its siblings; a depth-0 item moves with its sub-items. */
export function moveItem<T extends Flat>(items: readonly T[], index: number, by: -1 | 1): T[] {
  if (!canMove(items, index, by)) return [...items];
  if (items[index]!.depth === 1) {
    const next = [...items];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    return next;
  }
  const [first, second] = by < 0 ? [parentIndex(items, index - 1), index] : [index, groupEnd(items, index)];
  const secondEnd = groupEnd(items, second);
  return [
    ...items.slice(0, first),
    ...items.slice(second, secondEnd),
    ...items.slice(first, second),
    ...items.slice(secondEnd),
  ];
}

/** A depth-0 item without sub-items, below another, can become the last sub-item of the one above. */
export function canNest(items: readonly Flat[], index: number): boolean {
  return items[index]?.depth === 0 && index > 0 && groupEnd(items, index) === index + 1;
}

export function nestItem<T extends Flat>(items: readonly T[], index: number): T[] {
  if (!canNest(items, index)) return [...items];
  return items.map((item, at) => (at === index ? { ...item, depth: 1 } : item));
}

/** A sub-item becomes an item of the menu, right after the group it was in. */
export function unnestItem<T extends Flat>(items: readonly T[], index: number): T[] {
  const item = items[index];
  if (item?.depth !== 1) return [...items];
  const rest = items.filter((_, at) => at !== index);
  const end = groupEnd(rest, parentIndex(rest, index - 1));
  return [...rest.slice(0, end), { ...item, depth: 0 }, ...rest.slice(end)];
}

/** Takes an item away; the sub-items of a depth-0 item stay, as items of the menu. */
export function removeItem<T extends Flat>(items: readonly T[], index: number): T[] {
  const item = items[index];
  if (!item) return [...items];
  const end = item.depth === 0 ? groupEnd(items, index) : index + 1;
  return [
    ...items.slice(0, index),
    ...items.slice(index + 1, end).map((child) => ({ ...child, depth: 0 as const })),
    ...items.slice(end),
  ];
}

/** The list as a tree: each depth-0 item with its sub-items. */
export function menuTree<T extends Flat>(items: readonly T[]): Array<{ item: T; children: T[] }> {
  const tree: Array<{ item: T; children: T[] }> = [];
  for (const item of items) {
    const parent = tree.at(-1);
    if (item.depth === 1 && parent) parent.children.push(item);
    else tree.push({ item, children: [] });
  }
  return tree;
}

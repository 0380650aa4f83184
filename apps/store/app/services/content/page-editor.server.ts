import { blocks, type Database, pages, type Role } from "@vitrine/db";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { locales } from "../../i18n/i18n.ts";
import { textFieldName } from "../../lib/field-names.ts";
import { readPage } from "./page-queries.server.ts";

/** Editors and administrators edit pages (spec §6 "Roles"); customers do not. */
export function canEditPages(role: Role | string | null | undefined): boolean {
  return role === "editor" || role === "administrator";
}

/**
 * The texts an editor may change, per block type, as paths into the block's data: each is a
 * `{ en, es }` value. Layout, images, links and product choices stay as the store owner set them.
 */
const EDITABLE_PATHS: Record<string, readonly string[]> = {
  hero: ["title", "text", "cta.label"],
  "featured-products": ["title"],
  categories: ["title"],
  text: ["title", "text"],
  "photo-feed": ["title"],
  menu: ["title"],
  gallery: ["title"],
  video: ["title"],
};
/** A long text (the hero's paragraph) may be longer than a heading. */
const MAX_LENGTH: Record<string, number> = { text: 2000 };
const DEFAULT_MAX_LENGTH = 200;

export type EditableText = { name: string; path: string; value: Record<string, string>; max: number };
export type EditableBlock = { id: number; type: string; texts: EditableText[] };
export type EditablePage = {
  id: number;
  slug: string;
  title: Record<string, string>;
  blocks: EditableBlock[];
};

function read(data: Record<string, unknown>, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined,
      data,
    );
}

function write(data: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split(".") as [string, ...string[]];
  if (rest.length === 0) return { ...data, [head]: value };
  const inner = data[head];
  return {
    ...data,
    [head]: write(
      inner && typeof inner === "object" ? (inner as Record<string, unknown>) : {},
      rest.join("."),
      value,
    ),
  };
}

function byLocale(value: unknown): Record<string, string> {
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(
    locales.map((locale) => [locale, typeof record[locale] === "string" ? (record[locale] as string) : ""]),
  );
}

/** A page with its editable texts in every store language; null when there is no such page. */
export async function loadEditablePage(db: Database, slug: string): Promise<EditablePage | null> {
  const page = await readPage(db, { slug }, { drafts: true });
  if (!page) return null;
  return {
    id: page.id,
    slug: page.slug,
    title: byLocale(page.title),
    blocks: page.blocks.map((row) => ({
      id: row.id,
      type: row.type,
      texts: (EDITABLE_PATHS[row.type] ?? []).map((path) => ({
        name: `block-${row.id}-${path}`,
        path,
        value: byLocale(read(row.data, path)),
        max: MAX_LENGTH[path] ?? DEFAULT_MAX_LENGTH,
      })),
    })),
  };
}

export type PageTextErrors = Record<string, string>;

/**
 * Saves the page's title and its blocks' editable texts from the submitted form, in one
 * transaction: either every text is valid and all are saved, or nothing is (errors by field name,
 * as translation keys). Fields the page does not have are ignored; missing ones keep their text.
 */
export async function savePageTexts(
  db: Database,
  slug: string,
  form: Record<string, string>,
): Promise<{ ok: true } | { ok: false; errors: PageTextErrors } | null> {
  const page = await loadEditablePage(db, slug);
  if (!page) return null;
  const errors: PageTextErrors = {};
  const take = (name: string, max: number, required: boolean): string | undefined => {
    const parsed = z.string().trim().max(max).safeParse(form[name]);
    if (form[name] === undefined) return undefined;
    if (!parsed.success) errors[name] = "pages.errors.tooLong";
    else if (required && parsed.data === "") errors[name] = "pages.errors.required";
    else return parsed.data;
    return undefined;
  };
  const title = { ...page.title };
  for (const locale of locales) {
    const value = take(textFieldName(null, "", locale), DEFAULT_MAX_LENGTH, locale === "en");
    if (value !== undefined) title[locale] = value;
  }
  const updates = page.blocks.map((block) => {
    const texts: Record<string, Record<string, string>> = {};
    for (const text of block.texts) {
      texts[text.path] = { ...text.value };
      for (const locale of locales) {
        const value = take(textFieldName(block.id, text.path, locale), text.max, false);
        if (value !== undefined) texts[text.path]![locale] = value;
      }
    }
    return { id: block.id, texts };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  await db.transaction(async (tx) => {
    await tx.update(pages).set({ title, updatedAt: new Date() }).where(eq(pages.id, page.id));
    for (const update of updates) {
      const [row] = await tx
        .select({ data: blocks.data })
        .from(blocks)
        .where(and(eq(blocks.id, update.id), eq(blocks.pageId, page.id)));
      if (!row) continue;
      let data = row.data;
      for (const [path, value] of Object.entries(update.texts)) data = write(data, path, value);
      await tx.update(blocks).set({ data }).where(eq(blocks.id, update.id));
    }
  });
  return { ok: true };
}

/** Slugs of the pages an editor can open, for the account page's list. */
export async function editablePageSlugs(
  db: Database,
): Promise<Array<{ slug: string; title: Record<string, string> }>> {
  const rows = await db.select({ slug: pages.slug, title: pages.title }).from(pages).orderBy(asc(pages.id));
  return rows.map((row) => ({ slug: row.slug, title: byLocale(row.title) }));
}

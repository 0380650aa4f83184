import {
  blocks,
  categories,
  type Database,
  media,
  menus,
  pages,
  products,
  type Transaction,
} from "@vitrine/db";
import { and, asc, count, eq, inArray, notInArray } from "drizzle-orm";
import { locales } from "../../i18n/i18n.ts";
import { BLOCK_TYPES, type BlockType } from "../../lib/content-blocks.ts";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import { RESERVED_PAGE_SLUGS } from "../../lib/page-blocks.ts";
import type { BlockInput, PageInput } from "../../lib/page-resource.ts";
import { freeSlug, isSlug, slugify } from "../catalogue/products-admin.server.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { databaseRefusal, UNIQUE_VIOLATION } from "../shared/database-errors.server.ts";
import { forgetMovesTo, recordMove } from "../shared/redirects.server.ts";
import { readPage } from "./page-queries.server.ts";

/**
 * The page builder's use cases (decision 0034): pages made of content blocks, listed, created, saved
 * whole (title, address, status and every block, in one transaction) and deleted. The REST API and
 * the back office's loaders both come here.
 */

export type PageSummary = {
  id: number;
  slug: string;
  title: { en: string; es: string };
  status: "publish" | "draft";
  blockCount: number;
  updatedAt: string;
};
export type BuilderPage = Omit<PageSummary, "blockCount"> & {
  blocks: Array<{ id: number; type: BlockType; data: Record<string, unknown> }>;
};

/** First path segments a page cannot take: the store's own routes (a test over `routes.ts` checks). */
const RESERVED_SLUGS = new Set<string>(RESERVED_PAGE_SLUGS);

const fail = (code: string, message: string, param: string) => new AdminInputError(code, message, param);

function titleOf(value: unknown): { en: string; es: string } {
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const pick = (locale: string) => (typeof record[locale] === "string" ? (record[locale] as string) : "");
  return { en: pick("en"), es: pick("es") };
}

export async function listPagesForAdmin(db: Database): Promise<PageSummary[]> {
  const rows = await db
    .select({
      id: pages.id,
      slug: pages.slug,
      title: pages.title,
      status: pages.status,
      updatedAt: pages.updatedAt,
      blockCount: count(blocks.id),
    })
    .from(pages)
    .leftJoin(blocks, eq(blocks.pageId, pages.id))
    .groupBy(pages.id)
    .orderBy(asc(pages.id));
  return rows.map((row) => ({ ...row, title: titleOf(row.title), updatedAt: row.updatedAt.toISOString() }));
}

/** A page with its blocks as stored, by id or by address; null when there is none. */
export async function pageForBuilder(db: Database, key: { id: number } | { slug: string }) {
  const page = await readPage(db, key, { drafts: true });
  if (!page) return null;
  return {
    id: page.id,
    slug: page.slug,
    title: titleOf(page.title),
    status: page.status,
    updatedAt: page.updatedAt.toISOString(),
    blocks: page.blocks.filter((row): row is BuilderPage["blocks"][number] =>
      (BLOCK_TYPES as readonly string[]).includes(row.type),
    ),
  } satisfies BuilderPage;
}

/** The API's record of a page: snake_case, as every REST record. */
export function pageRecord(page: BuilderPage) {
  return {
    id: page.id,
    slug: page.slug,
    title: page.title,
    status: page.status,
    updated_at: page.updatedAt,
    blocks: page.blocks,
  };
}

/** Creates a page; its address comes from its English title when none is given. */
export async function createPage(db: Database, input: PageInput): Promise<number> {
  const title = input.title ?? { en: "", es: "" };
  if (!title.en) throw fail("vitrine_page_title_required", "A page needs an English title.", "title");
  return writing(() =>
    db.transaction(async (tx) => {
      const slug = await chosenSlug(tx, input.slug, title.en, null);
      const [row] = await tx
        .insert(pages)
        .values({ slug, title, status: input.status ?? "draft" })
        .returning({ id: pages.id });
      await writeBlocks(tx, row!.id, input.blocks ?? []);
      return row!.id;
    }),
  );
}

/** Saves what the input names; null when there is no such page. The home page keeps its address. */
export async function savePage(
  db: Database,
  pageId: number,
  input: PageInput,
): Promise<{ slug: string; previousSlug: string } | null> {
  return writing(() =>
    db.transaction(async (tx) => {
      const [page] = await tx
        .select({ slug: pages.slug, title: pages.title })
        .from(pages)
        .where(eq(pages.id, pageId))
        .for("update");
      if (!page) return null;
      const home = page.slug === HOME_PAGE_SLUG;
      if (home && input.slug !== undefined && input.slug !== HOME_PAGE_SLUG)
        throw fail("vitrine_page_home_fixed", "The home page keeps its address.", "slug");
      if (home && input.status === "draft")
        throw fail("vitrine_page_home_fixed", "The home page cannot be a draft.", "status");
      if (input.title && !input.title.en)
        throw fail("vitrine_page_title_required", "A page needs an English title.", "title");
      const slug =
        input.slug === undefined || input.slug === page.slug
          ? page.slug
          : await chosenSlug(tx, input.slug, "", pageId);
      await tx
        .update(pages)
        .set({
          slug,
          ...(input.title && { title: input.title }),
          ...(input.status && { status: input.status }),
          updatedAt: new Date(),
        })
        .where(eq(pages.id, pageId));
      if (input.blocks) await writeBlocks(tx, pageId, input.blocks);
      // The old address keeps working for visitors and search engines: 301 to the new one.
      if (slug !== page.slug) await recordMove(tx, `/${page.slug}`, `/${slug}`);
      return { slug, previousSlug: page.slug };
    }),
  );
}

/** Deletes a page and its blocks; the home page stays. Null when there is no such page. */
export async function deletePage(db: Database, pageId: number): Promise<{ slug: string } | null> {
  const [page] = await db.select({ slug: pages.slug }).from(pages).where(eq(pages.id, pageId));
  if (!page) return null;
  if (page.slug === HOME_PAGE_SLUG)
    throw fail("vitrine_page_home_fixed", "The home page cannot be deleted.", "id");
  await db.transaction(async (tx) => {
    await tx.delete(pages).where(eq(pages.id, pageId));
    await forgetMovesTo(tx, `/${page.slug}`);
  });
  return page;
}

/** A taken address raced past the check below still answers 400, not 500. */
async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (databaseRefusal(error)?.code === UNIQUE_VIOLATION)
      throw fail("vitrine_page_slug_taken", "Another page has this address.", "slug");
    throw error;
  }
}

async function chosenSlug(
  tx: Transaction,
  wanted: string | undefined,
  fromTitle: string,
  pageId: number | null,
): Promise<string> {
  if (wanted !== undefined) {
    if (!isSlug(wanted) || RESERVED_SLUGS.has(wanted) || wanted === HOME_PAGE_SLUG)
      throw fail(
        "vitrine_page_invalid_slug",
        "An address is lowercase letters, digits and single hyphens, and not one the store uses.",
        "slug",
      );
    const [taken] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.slug, wanted));
    if (taken && taken.id !== pageId)
      throw fail("vitrine_page_slug_taken", "Another page has this address.", "slug");
    return wanted;
  }
  let base = slugify(fromTitle) || "page";
  if (RESERVED_SLUGS.has(base) || base === HOME_PAGE_SLUG) base = `${base}-page`;
  const taken = await tx.select({ slug: pages.slug }).from(pages);
  return freeSlug(
    base,
    taken.map((row) => row.slug),
  );
}

/**
 * Replaces the page's blocks with `input`, in order: blocks named by id keep their id, blocks left
 * out are deleted. What the blocks point at (pictures, products, a category, a menu) must exist.
 */
async function writeBlocks(tx: Transaction, pageId: number, input: BlockInput[]): Promise<void> {
  await checkReferences(tx, input);
  const kept = input.flatMap((block) => (block.id === undefined ? [] : [block.id]));
  if (new Set(kept).size !== kept.length)
    throw fail("vitrine_page_invalid_block", "A block is named twice.", "blocks");
  if (kept.length > 0) {
    const own = await tx
      .select({ id: blocks.id })
      .from(blocks)
      .where(and(eq(blocks.pageId, pageId), inArray(blocks.id, kept)));
    if (own.length !== kept.length)
      throw fail("vitrine_page_invalid_block", "A block does not belong to this page.", "blocks");
  }
  await tx
    .delete(blocks)
    .where(
      kept.length > 0
        ? and(eq(blocks.pageId, pageId), notInArray(blocks.id, kept))
        : eq(blocks.pageId, pageId),
    );
  for (const [position, block] of input.entries()) {
    const data = block.data as Record<string, unknown>;
    if (block.id === undefined) await tx.insert(blocks).values({ pageId, position, type: block.type, data });
    else await tx.update(blocks).set({ position, type: block.type, data }).where(eq(blocks.id, block.id));
  }
}

async function checkReferences(tx: Transaction, input: BlockInput[]): Promise<void> {
  const imageIds = new Set<number>();
  const productIds = new Set<number>();
  const categoryIds = new Set<number>();
  const menuLocations = new Set<string>();
  for (const block of input) {
    const data = block.data as Partial<Record<string, unknown>>;
    if (typeof data.imageId === "number") imageIds.add(data.imageId);
    for (const image of (data.imageIds as number[] | undefined) ?? []) imageIds.add(image);
    for (const product of (data.productIds as number[] | undefined) ?? []) productIds.add(product);
    if (typeof data.categoryId === "number") categoryIds.add(data.categoryId);
    if (block.type === "menu") menuLocations.add(data.menu as string);
  }
  const missing = async (
    wanted: Set<number> | Set<string>,
    found: () => Promise<unknown[]>,
    code: string,
    message: string,
  ) => {
    if (wanted.size > 0 && (await found()).length !== wanted.size) throw fail(code, message, "blocks");
  };
  const ids = (set: Set<number>) => [...set];
  await missing(
    imageIds,
    () =>
      tx
        .select({ id: media.id })
        .from(media)
        .where(inArray(media.id, ids(imageIds))),
    "vitrine_page_unknown_image",
    "A block names a picture the media library does not have.",
  );
  await missing(
    productIds,
    () =>
      tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, ids(productIds))),
    "vitrine_page_unknown_product",
    "A block names a product the store does not have.",
  );
  await missing(
    categoryIds,
    () =>
      tx
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, ids(categoryIds))),
    "vitrine_page_unknown_category",
    "A block names a category the store does not have.",
  );
  await missing(
    menuLocations,
    () =>
      tx
        .select({ id: menus.id })
        .from(menus)
        .where(inArray(menus.location, [...menuLocations])),
    "vitrine_page_unknown_menu",
    "A block names a menu the store does not have.",
  );
}

/** The store's menus by location, and the editor's other choices. */
export async function builderChoices(db: Database) {
  const menuRows = await db.select({ location: menus.location }).from(menus).orderBy(asc(menus.location));
  return { menus: menuRows.map((row) => row.location), locales: [...locales] };
}

import type { AppContext } from "../../context.server.ts";
import { createI18n } from "../../i18n/i18n.ts";
import type { ProductCard } from "../../lib/catalogue.ts";
import { PRODUCT_GRID_MAX } from "../../lib/content-blocks.ts";
import type { ContentPage, PageBlock } from "../../lib/page-blocks.ts";
import { PHOTO_FEED_MAX } from "../../lib/photo-feed.ts";
import { addContentSources, type RichText, richTextLink } from "../../lib/rich-text.ts";
import {
  descendantIds,
  featuredProducts,
  findCategoryById,
  listProducts,
  productCardsByIds,
  sharedCategoryTree,
} from "../catalogue/catalogue.server.ts";
import { loadImages } from "../media/media.server.ts";
import { PageTags } from "../shared/page-tags.server.ts";
import { translated } from "../shared/translations.server.ts";
import { loadMenu, menuIdAt } from "./menu-queries.server.ts";
import { type Block, loadPage } from "./page-queries.server.ts";
import { photoFeedImageOrigins } from "./photo-feed.server.ts";
import { encodePhotoFeedData } from "./photo-feed-data.server.ts";
import { mediaIdsIn, pageRichText } from "./rich-text.server.ts";

type BlockContext = Pick<
  AppContext,
  | "db"
  | "locale"
  | "settings"
  | "siteCache"
  | "productListings"
  | "contentSources"
  | "pageTags"
  | "shownPrices"
>;

/** The number of products a product grid shows: its own `limit` within 1–24, else 8. */
const gridLimit = (limit: unknown) =>
  typeof limit === "number" && Number.isFinite(limit)
    ? Math.min(Math.max(Math.trunc(limit), 1), PRODUCT_GRID_MAX)
    : 8;

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((each): each is number => Number.isInteger(each)) : [];

/**
 * A page's content blocks (decision 0034), each resolved to what it shows in the shopper's language,
 * with the names of what it shows added to the page's tags (`PageTags`) and the other origins its
 * content loads from added to the page's content security policy. A draft only when `drafts` says
 * so (staff's preview); null when there is no such page.
 */
export async function buildPageBlocks(
  context: BlockContext,
  slug: string,
  options: { drafts: boolean },
): Promise<ContentPage | null> {
  const { db, locale } = context;
  const page = await loadPage(db, slug, options);
  if (!page) return null;
  context.pageTags.add(PageTags.page(page.id));
  // One query for every picture the page shows: heroes', galleries' and the text blocks' `media:{id}`.
  const textSource = (block: Block) => translated(block.data.text, locale);
  const images = await loadImages(
    db,
    page.blocks.flatMap((block) => [
      ...(typeof block.data.imageId === "number" ? [block.data.imageId] : []),
      ...(block.type === "text" ? mediaIdsIn(textSource(block)) : []),
      ...(block.type === "gallery" ? numbers(block.data.imageIds) : []),
    ]),
    locale,
    context.siteCache,
  );
  const resolved = await Promise.all(
    page.blocks.map(async (block): Promise<PageBlock | null> => {
      const title = translated(block.data.title, locale);
      switch (block.type) {
        case "hero": {
          const cta = block.data.cta as { label?: unknown; url?: unknown } | undefined;
          return {
            id: block.id,
            type: "hero",
            title,
            text: translated(block.data.text, locale),
            cta:
              cta && typeof cta.url === "string" && cta.url.startsWith("/")
                ? { label: translated(cta.label, locale), url: cta.url }
                : null,
            image: typeof block.data.imageId === "number" ? (images.get(block.data.imageId) ?? null) : null,
          };
        }
        case "featured-products": {
          const products = await gridProducts(context, block.data);
          for (const card of products) context.pageTags.add(PageTags.product(card.id));
          return { id: block.id, type: "featured-products", title, products };
        }
        case "text":
          return {
            id: block.id,
            type: "text",
            title,
            body: pageRichText(context, textSource(block), images),
          };
        case "gallery": {
          const shown = numbers(block.data.imageIds).flatMap((id) => images.get(id) ?? []);
          return { id: block.id, type: "gallery", title, images: shown };
        }
        case "video": {
          const body = videoBody(context, title, block.data.url);
          return body ? { id: block.id, type: "video", title, body } : null;
        }
        case "categories": {
          const tree = await sharedCategoryTree(context, locale);
          return {
            id: block.id,
            type: "categories",
            title,
            categories: tree.map(({ id, slug, name }) => ({ id, slug, name })),
          };
        }
        case "photo-feed": {
          const limit =
            typeof block.data.limit === "number"
              ? Math.min(Math.max(block.data.limit, 1), PHOTO_FEED_MAX)
              : 8;
          // A photo service's pictures come from its origins: this page's policy allows them.
          for (const origin of photoFeedImageOrigins(context.settings))
            context.contentSources["img-src"].add(origin);
          return {
            id: block.id,
            type: "photo-feed",
            title,
            data: encodePhotoFeedData({ v: 1, limit }),
            limit,
          };
        }
        case "menu": {
          const location = typeof block.data.menu === "string" ? block.data.menu : "";
          if (!location) return null;
          // Menus change rarely and every change empties the site cache: both come from it.
          const [menuId, items] = await Promise.all([
            context.siteCache.get(`menu-id:${location}`, () => menuIdAt(db, location)),
            context.siteCache.get(`menu:${location}:${locale}`, () => loadMenu(db, location, locale)),
          ]);
          if (menuId === null) return null;
          return { id: block.id, type: "menu", title, menuId, items };
        }
        default:
          return null;
      }
    }),
  );
  return {
    id: page.id,
    slug: page.slug,
    title: translated(page.title, locale),
    draft: page.status === "draft",
    blocks: resolved.filter((block): block is PageBlock => block !== null),
  };
}

/**
 * A product grid's products: the hand-picked ones in their order (published only), else the newest
 * of a category and its subcategories, else the featured products. A grid that is not hand-picked
 * changes with the catalogue, as a listing does, so its page carries the listing's tag.
 */
async function gridProducts(context: BlockContext, data: Record<string, unknown>): Promise<ProductCard[]> {
  const { db, locale } = context;
  const limit = gridLimit(data.limit);
  const picked = numbers(data.productIds);
  const prices = await context.shownPrices();
  if (picked.length > 0)
    return (await productCardsByIds(db, picked, locale, context.siteCache, prices)).slice(0, limit);
  context.pageTags.add(PageTags.listing);
  if (typeof data.categoryId === "number") {
    const category = findCategoryById(await sharedCategoryTree(context, locale), data.categoryId);
    if (!category) return [];
    const listing = await listProducts(db, await context.productListings.current(), {
      locale,
      page: 1,
      perPage: limit,
      orderby: "date",
      categoryIds: descendantIds(category),
      cache: context.siteCache,
      prices,
    });
    return listing.products;
  }
  return featuredProducts(db, locale, limit, context.siteCache, prices);
}

/**
 * A video block as a rich text of one link, so that it takes rich text's one path (decision 0027):
 * a video of the two services opens as an embed in the lightbox, a file plays in place, anything
 * else is a plain link; the embed's or file's origin joins the page's policy. Null for an address
 * that rich text would not link to.
 */
function videoBody(context: BlockContext, title: string, url: unknown): RichText | null {
  if (typeof url !== "string") return null;
  const t = createI18n(context.locale).t;
  const link = richTextLink(title ? t("pages.video.watchTitled", { title }) : t("pages.video.watch"), url);
  if (!link) return null;
  // A picture's address is not a video: it stays a link rather than opening the picture lightbox.
  if (link.link.kind === "image") link.link = { kind: "plain" };
  const body: RichText = [[link]];
  addContentSources(body, context.contentSources);
  return body;
}

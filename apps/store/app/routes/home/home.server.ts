import type { AppContext } from "../../context.server.ts";
import type { ProductCard } from "../../lib/catalogue.ts";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import type { ImageView } from "../../lib/media.ts";
import type { MenuItem } from "../../lib/menu.ts";
import { PHOTO_FEED_MAX } from "../../lib/photo-feed.ts";
import type { RichText } from "../../lib/rich-text.ts";
import { featuredProducts, sharedCategoryTree } from "../../services/catalogue.server.ts";
import { loadMenu, loadPageBlocks, menuIdAt, translated } from "../../services/content.server.ts";
import { loadImages } from "../../services/media.server.ts";
import { PageTags } from "../../services/page-tags.server.ts";
import { photoFeedImageOrigins } from "../../services/photo-feed.server.ts";
import { encodePhotoFeedData } from "../../services/photo-feed-data.server.ts";
import { mediaIdsIn, pageRichText } from "../../services/rich-text.server.ts";

export type HomeBlock =
  | {
      id: number;
      type: "hero";
      title: string;
      text: string;
      cta: { label: string; url: string } | null;
      image: ImageView | null;
    }
  | { id: number; type: "featured-products"; title: string; products: ProductCard[] }
  | { id: number; type: "text"; title: string; body: RichText }
  | {
      id: number;
      type: "categories";
      title: string;
      categories: Array<{ id: number; slug: string; name: string }>;
    }
  /** The photo feed: its data string, sent as is to the feed call (decision 0029). */
  | { id: number; type: "photo-feed"; title: string; data: string; limit: number }
  /** A menu of the store's, by location; its edit links name the menu (spec §6). */
  | { id: number; type: "menu"; title: string; menuId: number; items: MenuItem[] };

/** The home page's data, with the names of what it shows for the page cache. */
export async function loadHome(context: AppContext): Promise<{ blocks: HomeBlock[] }> {
  const blocks = await buildHomeBlocks(context);
  context.pageTags.add(PageTags.home);
  for (const block of blocks)
    if (block.type === "featured-products")
      for (const card of block.products) context.pageTags.add(PageTags.product(card.id));
  return { blocks };
}

/** The home page is built from the `home` page's content blocks, each resolved to what it shows. */
export async function buildHomeBlocks(
  context: Pick<AppContext, "db" | "locale" | "settings" | "siteCache" | "contentSources">,
): Promise<HomeBlock[]> {
  const { db, locale } = context;
  const blocks = (await loadPageBlocks(db, HOME_PAGE_SLUG)) ?? [];
  // The hero's picture, and the media library's pictures the text blocks name (`media:{id}`).
  const textSource = (block: { data: Record<string, unknown> }) => translated(block.data.text, locale);
  const heroImages = await loadImages(
    db,
    blocks.flatMap((block) => [
      ...(typeof block.data.imageId === "number" ? [block.data.imageId] : []),
      ...(block.type === "text" ? mediaIdsIn(textSource(block)) : []),
    ]),
    locale,
  );
  const resolved = await Promise.all(
    blocks.map(async (block): Promise<HomeBlock | null> => {
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
            image:
              typeof block.data.imageId === "number" ? (heroImages.get(block.data.imageId) ?? null) : null,
          };
        }
        case "featured-products": {
          const limit =
            typeof block.data.limit === "number" ? Math.min(Math.max(block.data.limit, 1), 24) : 8;
          return {
            id: block.id,
            type: "featured-products",
            title,
            products: await featuredProducts(db, locale, limit),
          };
        }
        case "text":
          return {
            id: block.id,
            type: "text",
            title,
            body: pageRichText(context, textSource(block), heroImages),
          };
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
          const menuId = location ? await menuIdAt(db, location) : null;
          if (menuId === null) return null;
          const items = await context.siteCache.get(`menu:${location}:${locale}`, () =>
            loadMenu(db, location, locale),
          );
          return { id: block.id, type: "menu", title, menuId, items };
        }
        default:
          return null;
      }
    }),
  );
  return resolved.filter((block): block is HomeBlock => block !== null);
}

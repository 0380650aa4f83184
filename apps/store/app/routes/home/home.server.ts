import type { AppContext } from "../../context.server.ts";
import type { ProductCard } from "../../lib/catalogue.ts";
import type { ImageView } from "../../lib/media.ts";
import type { RichText } from "../../lib/rich-text.ts";
import { featuredProducts, sharedCategoryTree } from "../../services/catalogue.server.ts";
import { loadPageBlocks, translated } from "../../services/content.server.ts";
import { loadImages } from "../../services/media.server.ts";
import { PageTags } from "../../services/page-tags.server.ts";
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
    };

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
  context: Pick<AppContext, "db" | "locale" | "siteCache" | "contentSources">,
): Promise<HomeBlock[]> {
  const { db, locale } = context;
  const blocks = (await loadPageBlocks(db, "home")) ?? [];
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
        default:
          return null;
      }
    }),
  );
  return resolved.filter((block): block is HomeBlock => block !== null);
}

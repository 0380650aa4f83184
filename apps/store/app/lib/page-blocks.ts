import type { ProductCard } from "./catalogue.ts";
import type { ImageView } from "./media.ts";
import type { MenuItem } from "./menu.ts";
import type { RichText } from "./rich-text.ts";

/**
 * A content block as a page shows it (decision 0034): the stored block (`lib/content-blocks.ts`)
 * resolved on the server to its texts in the shopper's language, its products and its pictures.
 */
export type PageBlock =
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
  | { id: number; type: "menu"; title: string; menuId: number; items: MenuItem[] }
  /** Pictures of the media library, in order; they open in the content lightbox as one gallery. */
  | { id: number; type: "gallery"; title: string; images: ImageView[] }
  /**
   * A video as the one link of a rich text, so that it takes rich text's path: an embed in the
   * lightbox, a file played in place, or a plain link.
   */
  | { id: number; type: "video"; title: string; body: RichText };

/** A page of content blocks as the storefront shows it. */
export type ContentPage = {
  id: number;
  slug: string;
  title: string;
  /** A draft, shown to staff only as a preview. */
  draft: boolean;
  blocks: PageBlock[];
};

/**
 * The first segments of the store's own addresses (`app/routes.ts`): a page with one of these slugs
 * could never be reached at `/{slug}`, so the storefront neither serves, lists nor caches it as a
 * page. `home` is the home page's, served at `/`.
 */
export const RESERVED_PAGE_SLUGS = [
  "shop",
  "product-category",
  "product-tag",
  "product",
  "cart",
  "checkout",
  "my-account",
  "admin",
  "language",
  "store-notice",
  "search",
  "robots.txt",
  "sitemap.xml",
  "sitemap",
  "media",
  "api",
  "ajax",
  "healthz",
  "go",
  "recommend",
  "download",
] as const;

/** What a page says to search engines when it says nothing itself: its first hero or text. */
export function pageDescription(blocks: readonly PageBlock[], max = 160): string {
  for (const block of blocks) {
    const text =
      block.type === "hero"
        ? block.text
        : block.type === "text"
          ? block.body
              .map((paragraph) =>
                paragraph.map((inline) => (inline.t === "image" ? "" : inline.text)).join(""),
              )
              .join(" ")
          : "";
    const clean = text.replace(/\s+/g, " ").trim();
    if (!clean) continue;
    if (clean.length <= max) return clean;
    const cut = clean.slice(0, max - 1);
    const space = cut.lastIndexOf(" ");
    return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  return "";
}

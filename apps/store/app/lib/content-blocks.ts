/**
 * The content blocks a page is built from (decision 0034), as the `blocks.data` column stores them.
 * The page builder writes these shapes (checked by `services/pages-admin.server.ts`); the storefront
 * resolves them to what a page shows. Every text is `{en, es}`.
 */
export const BLOCK_TYPES = [
  "hero",
  "text",
  "featured-products",
  "gallery",
  "video",
  "photo-feed",
  "categories",
  "menu",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export type BlockText = { en: string; es: string };

export type BlockData = {
  hero: { title: BlockText; text: BlockText; cta?: { label: BlockText; url: string }; imageId?: number };
  /** `text` is the store's rich text markup (`lib/rich-text.ts`). */
  text: { title: BlockText; text: BlockText };
  /**
   * A product grid: the hand-picked `productIds` in their order when there are any, else the
   * newest of `categoryId`'s products, else the featured products; at most `limit` (1–24, 8).
   */
  "featured-products": { title: BlockText; limit?: number; categoryId?: number; productIds?: number[] };
  /** Pictures of the media library, in order, opening in the content lightbox. */
  gallery: { title: BlockText; imageIds: number[] };
  /** A video of the two video services (opens in the lightbox) or a `.mp4`/`.webm` file (in place). */
  video: { title: BlockText; url: string };
  "photo-feed": { title: BlockText; limit: number };
  categories: { title: BlockText };
  /** A menu of the store's, by location (`primary`, `footer`). */
  menu: { title: BlockText; menu: string };
};

/** The largest number of products a product grid block shows. */
export const PRODUCT_GRID_MAX = 24;

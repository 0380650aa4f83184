import type { ImageView } from "./media.ts";
import type { Backorders } from "./stock-rules.ts";

/** The catalogue as pages and scripts see it: what the catalogue service answers. */
export type StockState = "instock" | "lowstock" | "outofstock" | "onbackorder";
/** `backorders` left out: "no" (decision 0080). */
export type Stock = { state: StockState; quantity: number | null; backorders?: Backorders };
export type Price = { regular: number; sale: number | null; min: number; max: number };

/** WooCommerce's product types (decision 0076). */
export const PRODUCT_TYPES = ["simple", "variable", "grouped", "external"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export type ProductCard = {
  id: number;
  slug: string;
  type: ProductType;
  name: string;
  shortDescription: string;
  price: Price;
  stock: Stock;
  averageRating: number;
  reviewCount: number;
  image: ImageView | null;
  /** An external product's button text ("" for the store's "Buy product"); only external products have one. */
  buttonText?: string;
};

export type CategoryNode = {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
  children: CategoryNode[];
};

export type Listing = {
  products: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
};

/** The shop sidebar's filters for one listing: what each choice would show (listing-filters.server.ts). */
export type ListingFacets = {
  attributes: Array<{
    slug: string;
    label: string;
    queryType: "and" | "or";
    terms: Array<{ slug: string; label: string; count: number; chosen: boolean }>;
  }>;
  stock: Array<{ state: "instock" | "onbackorder" | "outofstock"; count: number; chosen: boolean }>;
};

export type AttributeOption = { slug: string; label: string };
export type ProductAttribute = {
  slug: string;
  label: string;
  options: AttributeOption[];
  forVariations: boolean;
  /** False for one the owner keeps off the product page's "Additional information". */
  visible?: boolean;
};
export type VariationView = {
  id: number;
  attributes: Record<string, string>;
  price: Price;
  stock: Stock;
  image: ImageView | null;
  sku: string | null;
};
export type ReviewView = {
  id: number;
  author: string;
  rating: number;
  body: string;
  date: string;
  /** The date as the page's language writes it. */
  dateText: string;
  /** The store's reply, shown under the review; null for none. */
  reply: string | null;
};

export type ProductPage = ProductCard & {
  sku: string | null;
  /** False: no reviews tab and no review taken (WooCommerce's "Enable reviews", decision 0079). */
  reviewsAllowed: boolean;
  /** Hidden from the catalogue (decision 0079): reachable only by its address, kept out of search engines. */
  hidden: boolean;
  description: string;
  /** The page's meta description as the owner wrote it; empty means the short description serves. */
  metaDescription: string;
  images: ImageView[];
  attributes: ProductAttribute[];
  variations: VariationView[];
  categories: Array<{ slug: string; name: string }>;
  reviews: ReviewView[];
  related: ProductCard[];
  tags: Array<{ slug: string; name: string }>;
  /** A grouped product's published children, in the owner's order (decision 0076). */
  grouped: ProductCard[];
  /** "You may also like…": the owner's upsells, published ones only. */
  upsells: ProductCard[];
};

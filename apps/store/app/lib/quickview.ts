import type { ProductAttribute, ProductType, Stock, VariationView } from "./catalogue.ts";
import type { ImageView } from "./media.ts";

/** What the quick-view lightbox shows; the server formats the prices in the shopper's language. */
export type QuickViewData = {
  id: number;
  slug: string;
  type: ProductType;
  name: string;
  shortDescription: string;
  priceText: string;
  stock: Stock;
  images: ImageView[];
  attributes: ProductAttribute[];
  variations: Array<VariationView & { priceText: string }>;
};

import { type Database, products } from "@vitrine/db";
import { and, eq } from "drizzle-orm";
import { formatPrice } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import type { Price } from "../../lib/catalogue.ts";
import type { QuickViewData } from "../../lib/quickview.ts";
import type { SiteCache } from "../shared/site-cache.server.ts";
import type { ShownPrices } from "../taxes/shown-prices.server.ts";
import { productBySlug } from "./catalogue.server.ts";

function priceText(price: Price, currency: string, locale: Locale): string {
  const money = (cents: number) => formatPrice(cents, currency, locale);
  if (price.min !== price.max) return `${money(price.min)} – ${money(price.max)}`;
  return money(price.sale ?? price.regular);
}

/**
 * A published product as the quick-view lightbox shows it, or null; its pictures and category names
 * come from the request's site cache where it has them, as on the product page.
 */
export async function loadQuickView(
  db: Database,
  productId: number,
  locale: Locale,
  currency: string,
  cache?: SiteCache,
  /** How the shopper sees prices (`context.shownPrices()`, decision 0071). */
  prices?: ShownPrices,
): Promise<QuickViewData | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "publish")));
  if (!row) return null;
  const product = await productBySlug(db, row.slug, locale, cache, prices);
  if (!product) return null;
  return {
    id: product.id,
    slug: product.slug,
    type: product.type,
    name: product.name,
    shortDescription: product.shortDescription,
    priceText: priceText(product.price, currency, locale),
    stock: product.stock,
    images: product.images,
    attributes: product.attributes.filter((attribute) => attribute.forVariations),
    variations: product.variations.map((variation) => ({
      ...variation,
      priceText: priceText(variation.price, currency, locale),
    })),
  };
}

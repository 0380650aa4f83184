import type { ProductPage } from "../../lib/catalogue.ts";

const availability: Record<string, string> = {
  instock: "https://schema.org/InStock",
  lowstock: "https://schema.org/LimitedAvailability",
  outofstock: "https://schema.org/OutOfStock",
  onbackorder: "https://schema.org/BackOrder",
};

/** schema.org Product for search engines: offers (one, or a range for variations), rating, images. */
export function productJsonLd(product: ProductPage, origin: string, currency: string) {
  const url = `${origin}/product/${product.slug}`;
  const amount = (cents: number) => (cents / 100).toFixed(2);
  const offers =
    product.type === "variable" && product.variations.length > 0
      ? {
          "@type": "AggregateOffer",
          priceCurrency: currency,
          lowPrice: amount(product.price.min),
          highPrice: amount(product.price.max),
          offerCount: product.variations.length,
          availability:
            availability[
              product.variations.some((variation) => variation.stock.state !== "outofstock")
                ? "instock"
                : "outofstock"
            ],
          url,
        }
      : {
          "@type": "Offer",
          priceCurrency: currency,
          price: amount(product.price.sale ?? product.price.regular),
          availability: availability[product.stock.state],
          url,
        };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.shortDescription || product.description,
    sku: product.sku ?? undefined,
    url,
    // A picture under MEDIA_URL is already absolute (decision 0084).
    image: product.images.map((image) => new URL(image.large, origin).href),
    offers,
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.averageRating.toFixed(2),
            reviewCount: product.reviewCount,
          },
        }
      : {}),
  };
}

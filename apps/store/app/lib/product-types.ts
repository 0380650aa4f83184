/**
 * What pages and the cart share about WooCommerce's product types beyond simple and variable
 * (decision 0076): an external product's button, and the links between products.
 */

/** The kinds of product links: a grouped product's children, upsells and cross-sells. */
export const LINK_KINDS = ["grouped", "upsell", "cross_sell"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/**
 * The affiliate link (`/go/{slug}`, decision 0035) an external product's button goes through, so its
 * clicks are counted where the store's other affiliate links' are. The product owns this slug.
 */
export function externalLinkSlug(productId: number): string {
  return `product-${productId}`;
}

export function externalLinkPath(productId: number): string {
  return `/go/${externalLinkSlug(productId)}`;
}

/** A paid link to another site: search engines' rule for it, and no opener for the other site. */
export const EXTERNAL_REL = "sponsored nofollow noopener";

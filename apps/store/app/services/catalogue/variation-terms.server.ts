import { attributes, attributeTerms, type Database, variationAttributes, variations } from "@vitrine/db";
import { eq } from "drizzle-orm";

/**
 * Each variation's attribute values of one product: `{variationId, attributeId, termId, attribute,
 * term}` rows, by id and by slug. The one variation-terms join: the storefront's catalogue chooses a
 * variation by the slugs, the back office's product read answers the ids.
 */
export function variationTerms(db: Database, productId: number) {
  return db
    .select({
      variationId: variationAttributes.variationId,
      attributeId: variationAttributes.attributeId,
      termId: variationAttributes.termId,
      attribute: attributes.slug,
      term: attributeTerms.slug,
      /** The product whose own attribute it is; null for a global one. */
      attributeOwner: attributes.productId,
      attributeLabel: attributes.label,
      termLabel: attributeTerms.label,
    })
    .from(variationAttributes)
    .innerJoin(variations, eq(variations.id, variationAttributes.variationId))
    .innerJoin(attributes, eq(attributes.id, variationAttributes.attributeId))
    .innerJoin(attributeTerms, eq(attributeTerms.id, variationAttributes.termId))
    .where(eq(variations.productId, productId));
}

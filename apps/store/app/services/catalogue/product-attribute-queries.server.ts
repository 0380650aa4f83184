import {
  attributes,
  attributeTerms,
  type Database,
  productAttributeTerms,
  products,
  type Translated,
} from "@vitrine/db";
import { eq, type SQLWrapper, sql } from "drizzle-orm";

/**
 * A product's attributes' reads (issue 38), shared by the storefront's product page
 * (`productBySlug`, inside the product's one statement) and the back office's product read
 * (`productAttributesForAdmin`): the product's terms joined to their attributes, written once, and
 * each side shapes them its own way.
 */

/** One of a product's terms with its attribute, as the database builds it in JSON. */
export type ProductTermRow = {
  attributeId: number;
  /** The product whose own attribute it is; null for a global one. */
  attributeOwner: number | null;
  attributeSlug: string;
  attributeLabel: Translated;
  termId: number;
  termSlug: string;
  termLabel: Translated;
  forVariations: boolean;
  visible: boolean;
};

/**
 * The terms of the product whose id is `productId` (a column of the statement it sits in, such as
 * `products.id`), by attribute, then by the terms' position, as a JSON array.
 */
export function termsOfProduct(productId: SQLWrapper) {
  return sql<ProductTermRow[]>`coalesce((select json_agg(json_build_object(
    'attributeId', ${attributes.id}, 'attributeOwner', ${attributes.productId},
    'attributeSlug', ${attributes.slug}, 'attributeLabel', ${attributes.label},
    'termId', ${attributeTerms.id}, 'termSlug', ${attributeTerms.slug}, 'termLabel', ${attributeTerms.label},
    'forVariations', ${productAttributeTerms.usedForVariations},
    'visible', ${productAttributeTerms.visible})
    order by ${attributes.id}, ${attributeTerms.position}, ${attributeTerms.id})
  from ${productAttributeTerms}
  join ${attributeTerms} on ${attributeTerms.id} = ${productAttributeTerms.termId}
  join ${attributes} on ${attributes.id} = ${attributeTerms.attributeId}
  where ${productAttributeTerms.productId} = ${productId}), '[]')`;
}

/** The terms of one product, read alone (one statement); none for no such product. */
export async function readProductTerms(db: Database, productId: number): Promise<ProductTermRow[]> {
  const [row] = await db
    // Nested in a fragment of its own: from one table, Drizzle would write the columns without it.
    .select({ terms: sql<ProductTermRow[]>`${termsOfProduct(products.id)}` })
    .from(products)
    .where(eq(products.id, productId));
  return row?.terms ?? [];
}

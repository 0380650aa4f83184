import {
  affiliateLinks,
  type Database,
  productLinks,
  products,
  selectRows,
  type Transaction,
} from "@vitrine/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ProductType } from "../../lib/catalogue.ts";
import type { ProductLinkIds } from "../../lib/product-resource.ts";
import { externalLinkSlug, type LinkKind } from "../../lib/product-types.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";

/**
 * The links between products (decision 0076): a grouped product's children, its upsells and its
 * cross-sells, each kept in the owner's order in `product_links`; and an external product's
 * affiliate link, through which its button's clicks are counted.
 */

const FIELDS: Record<LinkKind, keyof ProductLinkIds> = {
  grouped: "grouped_products",
  upsell: "upsell_ids",
  cross_sell: "cross_sell_ids",
};

/** A product's linked ids by kind, in order, as the REST API answers them. */
export async function linkedIdsOf(
  db: Database | Transaction,
  productId: number,
): Promise<Record<keyof ProductLinkIds, number[]>> {
  const rows = await db
    .select({ kind: productLinks.kind, id: productLinks.linkedProductId })
    .from(productLinks)
    .where(eq(productLinks.productId, productId))
    .orderBy(asc(productLinks.position), asc(productLinks.linkedProductId));
  const answer = { grouped_products: [], upsell_ids: [], cross_sell_ids: [] } as Record<
    keyof ProductLinkIds,
    number[]
  >;
  for (const row of rows) answer[FIELDS[row.kind]].push(row.id);
  return answer;
}

/**
 * Writes the links a save sends (a kind left out keeps its links; a grouped product's children go
 * when it stops being grouped) and refuses a product linked to itself, an unknown product, and a
 * grouped product that would hold itself through a chain of grouped products.
 */
export async function writeProductLinks(
  tx: Transaction,
  productId: number,
  type: ProductType,
  input: ProductLinkIds,
): Promise<void> {
  for (const kind of Object.keys(FIELDS) as LinkKind[]) {
    const field = FIELDS[kind];
    let ids = input[field];
    if (kind === "grouped" && type !== "grouped") ids = [];
    if (ids === undefined) continue;
    const unique = [...new Set(ids)];
    if (unique.includes(productId))
      throw new AdminInputError(
        kind === "grouped" ? "product_grouped_loop" : "product_links_itself",
        kind === "grouped" ? "A grouped product cannot contain itself." : "A product cannot link to itself.",
        field,
      );
    if (unique.length > 0) {
      const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, unique));
      if (found.length !== unique.length)
        throw new AdminInputError("product_unknown_reference", "Unknown product.", field);
    }
    await tx
      .delete(productLinks)
      .where(and(eq(productLinks.productId, productId), eq(productLinks.kind, kind)));
    if (unique.length > 0)
      await tx
        .insert(productLinks)
        .values(unique.map((linkedProductId, position) => ({ productId, linkedProductId, kind, position })));
  }
  if (input.grouped_products?.length && type === "grouped" && (await holdsItself(tx, productId)))
    throw new AdminInputError(
      "product_grouped_loop",
      "A grouped product cannot contain itself, directly or through another grouped product.",
      "grouped_products",
    );
}

/** Whether a chain of grouped links leads from the product back to it (UNION stops at a cycle). */
async function holdsItself(tx: Transaction, productId: number): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    tx,
    sql`with recursive reach(id) as (
        select linked_product_id from product_links where product_id = ${productId} and kind = 'grouped'
        union
        select l.linked_product_id from product_links l join reach r on l.product_id = r.id
          where l.kind = 'grouped')
      select 1 as found from reach where id = ${productId} limit 1`,
  );
  return rows.length > 0;
}

/** The grouped products holding any of these products: their pages and cards show the children. */
export async function groupedParentsOf(db: Database, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: productLinks.productId })
    .from(productLinks)
    .where(and(eq(productLinks.kind, "grouped"), inArray(productLinks.linkedProductId, productIds)));
  return rows.map((row) => row.id);
}

/**
 * An external product's affiliate link follows its address: made or changed with the product, its
 * clicks kept; gone when the product has no address or is no longer external.
 */
export async function keepExternalLink(
  tx: Transaction,
  productId: number,
  type: ProductType,
  url: string | null,
): Promise<void> {
  const slug = externalLinkSlug(productId);
  if (type !== "external" || !url) {
    await tx.delete(affiliateLinks).where(eq(affiliateLinks.slug, slug));
    return;
  }
  await tx
    .insert(affiliateLinks)
    .values({ slug, targetUrl: url })
    .onConflictDoUpdate({ target: affiliateLinks.slug, set: { targetUrl: url } });
}

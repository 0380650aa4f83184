import type { Database } from "@vitrine/db";
import { listProductsForAdmin, productListQuery } from "./products-admin.server.ts";

/** How many products a back-office picker offers (the menu editor's, the page builder's): the newest. */
export const PRODUCT_CHOICES = 200;

/** The newest products as a picker's choices: each one's id and English name (its slug when it has none). */
export async function newestProductChoices(db: Database): Promise<Array<{ id: number; name: string }>> {
  const newest = await listProductsForAdmin(
    db,
    productListQuery({ orderby: "date", order: "desc" }, { limit: PRODUCT_CHOICES, offset: 0 }),
  );
  return newest.products.map((product) => ({ id: product.id, name: product.name ?? product.slug }));
}

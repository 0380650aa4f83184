import { type Database, products } from "@vitrine/db";
import { asc, count, eq } from "drizzle-orm";
import { FALLBACK_LOCALE, productTexts } from "./translations.server.ts";

/** Products as administrators read and change them: stock, prices and status (never texts). */

const adminColumns = {
  id: products.id,
  slug: products.slug,
  type: products.type,
  status: products.status,
  sku: products.sku,
  regularPrice: products.regularPrice,
  salePrice: products.salePrice,
  stockQuantity: products.stockQuantity,
  stockStatus: products.stockStatus,
  totalSales: products.totalSales,
  /** The English name; null for a product without one. */
  name: productTexts.inLocale("name", FALLBACK_LOCALE),
};

export type AdminProduct = {
  id: number;
  slug: string;
  type: "simple" | "variable";
  status: "publish" | "draft";
  sku: string | null;
  regularPrice: number;
  salePrice: number | null;
  stockQuantity: number | null;
  stockStatus: "instock" | "outofstock" | "onbackorder";
  totalSales: number;
  name: string | null;
};

export type ProductChanges = {
  /** Null stops tracking stock; 0 marks the product out of stock, any other count in stock. */
  stockQuantity?: number | null | undefined;
  regularPrice?: number | undefined;
  salePrice?: number | null | undefined;
  status?: "publish" | "draft" | undefined;
};

/** A page of every product, drafts included, in id order. */
export async function listProductsForAdmin(
  db: Database,
  page: { limit: number; offset: number },
): Promise<{ total: number; products: AdminProduct[] }> {
  const [total] = await db.select({ total: count() }).from(products);
  const rows = await db
    .select(adminColumns)
    .from(products)
    .orderBy(asc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: total?.total ?? 0, products: rows };
}

export async function productForAdmin(db: Database, id: number): Promise<AdminProduct | null> {
  const [row] = await db.select(adminColumns).from(products).where(eq(products.id, id));
  return row ?? null;
}

/** Applies the changes and returns the product as it now is; null for an unknown id. */
export async function updateProductForAdmin(
  db: Database,
  id: number,
  changes: ProductChanges,
): Promise<AdminProduct | null> {
  const set: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
  if (changes.stockQuantity !== undefined) {
    set.stockQuantity = changes.stockQuantity;
    set.stockStatus = changes.stockQuantity === 0 ? "outofstock" : "instock";
  }
  if (changes.regularPrice !== undefined) set.regularPrice = changes.regularPrice;
  if (changes.salePrice !== undefined) set.salePrice = changes.salePrice;
  if (changes.status !== undefined) set.status = changes.status;
  const updated = await db
    .update(products)
    .set(set)
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (updated.length === 0) return null;
  return productForAdmin(db, id);
}

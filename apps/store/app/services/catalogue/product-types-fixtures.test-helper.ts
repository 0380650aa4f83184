import { type Database, productLinks, products, productTranslations } from "@vitrine/db";
import { eq } from "drizzle-orm";
import type { LinkKind } from "../../lib/product-types.ts";
import { insertSimpleProduct } from "./catalogue-fixtures.test-helper.ts";

/** Grouped, external and virtual products and links between products, for service tests (decision 0076). */

export async function insertGroupedProduct(db: Database, slug: string, children: number[]) {
  const [product] = await db.insert(products).values({ slug, type: "grouped", regularPrice: 0 }).returning();
  await db.insert(productTranslations).values({ productId: product!.id, locale: "en", name: `${slug} (en)` });
  await linkProducts(db, product!.id, "grouped", children);
  return product!;
}

export async function insertExternalProduct(db: Database, slug: string, url: string, buttonText?: string) {
  const [product] = await db
    .insert(products)
    .values({ slug, type: "external", regularPrice: 4200, externalUrl: url })
    .returning();
  await db
    .insert(productTranslations)
    .values({ productId: product!.id, locale: "en", name: `${slug} (en)`, buttonText: buttonText ?? null });
  return product!;
}

export async function insertVirtualProduct(db: Database, slug: string, price: number) {
  const product = await insertSimpleProduct(db, { slug, price });
  await db.update(products).set({ virtual: true }).where(eq(products.id, product.id));
  return product;
}

export async function linkProducts(db: Database, productId: number, kind: LinkKind, linked: number[]) {
  if (linked.length === 0) return;
  await db
    .insert(productLinks)
    .values(linked.map((linkedProductId, position) => ({ productId, linkedProductId, kind, position })));
}

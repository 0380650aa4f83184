import {
  attributes,
  attributeTerms,
  categories,
  categoryTranslations,
  type Database,
  productCategories,
  products,
  productTranslations,
  sessions,
  variationAttributes,
  variations,
} from "@vitrine/db";
import { type Backorders, stockStatusFor } from "../../lib/stock-rules.ts";

/** Small, explicit catalogue rows for service tests (the demo seed is tested on its own). */
export async function insertSimpleProduct(
  db: Database,
  values: {
    slug: string;
    price: number;
    salePrice?: number | null;
    stock?: number | null;
    categoryId?: number;
    /** WooCommerce's backorders (decision 0080); "no" when left out. */
    backorders?: Backorders;
  },
) {
  const stock = values.stock === undefined ? 10 : values.stock;
  const backorders = values.backorders ?? "no";
  const [product] = await db
    .insert(products)
    .values({
      slug: values.slug,
      type: "simple",
      sku: values.slug.toUpperCase(),
      regularPrice: values.price,
      salePrice: values.salePrice ?? null,
      stockQuantity: stock,
      stockStatus: stockStatusFor(stock, backorders, "instock"),
      backorders,
    })
    .returning();
  await db.insert(productTranslations).values([
    { productId: product!.id, locale: "en", name: `${values.slug} (en)` },
    { productId: product!.id, locale: "es", name: `${values.slug} (es)` },
  ]);
  if (values.categoryId)
    await db.insert(productCategories).values({ productId: product!.id, categoryId: values.categoryId });
  return product!;
}

export async function insertVariableProduct(db: Database, slug: string) {
  const [product] = await db
    .insert(products)
    .values({ slug, type: "variable", regularPrice: 1000 })
    .returning();
  await db.insert(productTranslations).values({ productId: product!.id, locale: "en", name: slug });
  const [color] = await db
    .insert(attributes)
    .values({ slug: `color-${slug}`, label: { en: "Colour", es: "Color" } })
    .returning();
  const terms = await db
    .insert(attributeTerms)
    .values([
      { attributeId: color!.id, slug: "red", label: { en: "Red", es: "Rojo" } },
      { attributeId: color!.id, slug: "blue", label: { en: "Blue", es: "Azul" } },
    ])
    .returning();
  const made = await db
    .insert(variations)
    .values([
      { productId: product!.id, regularPrice: 1000, stockQuantity: 5 },
      {
        productId: product!.id,
        regularPrice: 1200,
        salePrice: 900,
        stockQuantity: 0,
        stockStatus: "outofstock",
      },
    ])
    .returning();
  await db.insert(variationAttributes).values([
    { variationId: made[0]!.id, attributeId: color!.id, termId: terms[0]!.id },
    { variationId: made[1]!.id, attributeId: color!.id, termId: terms[1]!.id },
  ]);
  return { product: product!, inStock: made[0]!, soldOut: made[1]! };
}

export async function insertCategory(db: Database, slug: string, parentId: number | null = null) {
  const [category] = await db.insert(categories).values({ slug, parentId }).returning();
  await db.insert(categoryTranslations).values([
    { categoryId: category!.id, locale: "en", name: `${slug} en` },
    { categoryId: category!.id, locale: "es", name: `${slug} es` },
  ]);
  return category!;
}

export async function insertSession(db: Database, id: string) {
  await db.insert(sessions).values({ id, nonceSecret: "n", expiresAt: new Date(Date.now() + 86_400_000) });
  return { sessionId: id, userId: null };
}

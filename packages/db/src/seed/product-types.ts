import type { Transaction } from "../client.ts";
import {
  affiliateLinks,
  productCategories,
  productImages,
  productLinks,
  products,
  productTags,
  productTranslations,
  tags,
  tagTranslations,
} from "../schema/index.ts";
import type { PlannedProduct } from "./demo-catalogue.ts";

/**
 * The demo's products of WooCommerce's other types (decision 0076), so the quick start shows them: a
 * grouped product of three simple ones, an external product sold by a partner, and a virtual one;
 * some tags, and upsells and cross-sells on a few products. They sort last (menu order, date, sales),
 * so the listings' first pages stay as they were.
 */
export const DEMO_TYPE_PRODUCTS = 3;

type Text = { en: string; es: string };
type Extra = {
  slug: string;
  sku: string;
  type: "grouped" | "external" | "simple";
  virtual: boolean;
  price: number;
  name: Text;
  short: Text;
  description: Text;
  externalUrl?: string;
  buttonText?: Text;
};

const extras: Extra[] = [
  {
    slug: "weekend-essentials-set",
    sku: "SET-WEEKEND",
    type: "grouped",
    virtual: false,
    price: 0,
    name: { en: "Weekend essentials set", es: "Conjunto esenciales de fin de semana" },
    short: {
      en: "Three favourites chosen to go together: pick how many of each.",
      es: "Tres favoritos elegidos para ir juntos: elige cuántos de cada uno.",
    },
    description: {
      en: "A grouped product: each piece keeps its own price and stock, and any of them can be added to the cart in one go.",
      es: "Un producto agrupado: cada pieza conserva su precio y sus existencias, y se pueden añadir al carrito de una vez.",
    },
  },
  {
    slug: "handwoven-market-basket",
    sku: "EXT-BASKET",
    type: "external",
    virtual: false,
    price: 4500,
    name: { en: "Handwoven market basket", es: "Cesta de mercado tejida a mano" },
    short: {
      en: "Made and sold by our partner workshop.",
      es: "La hace y la vende nuestro taller asociado.",
    },
    description: {
      en: "An external product: its button takes you to the partner's shop, where it is sold.",
      es: "Un producto externo: su botón te lleva a la tienda del taller, donde se vende.",
    },
    externalUrl: "https://partner.example.com/handwoven-market-basket",
    buttonText: { en: "Buy at the partner's shop", es: "Comprar en la tienda del taller" },
  },
  {
    slug: "online-styling-session",
    sku: "VIRT-STYLING",
    type: "simple",
    virtual: true,
    price: 2500,
    name: { en: "Online styling session", es: "Sesión de estilismo en línea" },
    short: {
      en: "Thirty minutes by video with one of our stylists.",
      es: "Treinta minutos por vídeo con una de nuestras estilistas.",
    },
    description: {
      en: "A virtual product: nothing is shipped, so a cart of it alone asks for no shipping address.",
      es: "Un producto virtual: no se envía nada, así que un carrito solo con él no pide dirección de envío.",
    },
  },
];

const demoTags: Array<{ slug: string; name: Text }> = [
  { slug: "gift-ideas", name: { en: "Gift ideas", es: "Ideas de regalo" } },
  { slug: "bestsellers", name: { en: "Bestsellers", es: "Los más vendidos" } },
  { slug: "natural-fibres", name: { en: "Natural fibres", es: "Fibras naturales" } },
];

export async function insertDemoProductTypes(
  tx: Transaction,
  planned: readonly PlannedProduct[],
  productIds: ReadonlyMap<string, number>,
  categoryIds: ReadonlyMap<string, number>,
  mediaIds: ReadonlyMap<string, number>,
): Promise<void> {
  const idOf = (p: PlannedProduct) => productIds.get(p.slug)!;
  const stocked = planned.filter(
    (p) => p.type === "simple" && p.stockStatus === "instock" && (p.stockQuantity ?? 99) >= 10,
  );
  const children = stocked.slice(0, 3);
  const oldest = Math.min(...planned.map((p) => p.createdAt.getTime()));
  const inserted = await tx
    .insert(products)
    .values(
      extras.map((extra, n) => ({
        slug: extra.slug,
        type: extra.type,
        status: "publish" as const,
        sku: extra.sku,
        regularPrice: extra.price,
        stockQuantity: null,
        stockStatus: "instock" as const,
        virtual: extra.virtual,
        externalUrl: extra.externalUrl ?? null,
        menuOrder: planned.length + n,
        createdAt: new Date(oldest - (n + 1) * 86_400_000),
        updatedAt: new Date(oldest - (n + 1) * 86_400_000),
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  const ids = new Map(inserted.map((row) => [row.slug, row.id]));
  await tx.insert(productTranslations).values(
    extras.flatMap((extra) =>
      (["en", "es"] as const).map((locale) => ({
        productId: ids.get(extra.slug)!,
        locale,
        name: extra.name[locale],
        shortDescription: extra.short[locale],
        description: extra.description[locale],
        buttonText: extra.buttonText?.[locale] ?? null,
      })),
    ),
  );
  // Each takes a category and a picture of a demo product it stands beside.
  const [first, second, third] = [children[0]!, stocked[3] ?? children[1]!, stocked[4] ?? children[2]!];
  const beside = [first, second, third];
  await tx.insert(productCategories).values(
    extras.map((extra, n) => ({
      productId: ids.get(extra.slug)!,
      categoryId: categoryIds.get(beside[n]!.categorySlug)!,
    })),
  );
  await tx.insert(productImages).values(
    extras.map((extra, n) => ({
      productId: ids.get(extra.slug)!,
      mediaId: mediaIds.get(beside[n]!.imageKeys[0]!)!,
      position: 0,
    })),
  );
  // The external product's button goes through its affiliate link, which counts the clicks; the
  // store keeps it under this slug (apps/store lib/product-types.ts `externalLinkSlug`).
  const external = extras.find((extra) => extra.type === "external")!;
  await tx.insert(affiliateLinks).values({
    slug: `product-${ids.get(external.slug)!}`,
    targetUrl: external.externalUrl!,
  });

  const grouped = ids.get("weekend-essentials-set")!;
  const virtual = ids.get("online-styling-session")!;
  const link = (productId: number, kind: "grouped" | "upsell" | "cross_sell", linked: number[]) =>
    linked.map((linkedProductId, position) => ({ productId, linkedProductId, kind, position }));
  await tx.insert(productLinks).values([
    ...link(grouped, "grouped", children.map(idOf)),
    // Upsells on the grouped set's pieces and two more; cross-sells in the cart for the first pieces.
    ...children.flatMap((child) => link(idOf(child), "upsell", [grouped])),
    ...stocked.slice(3, 5).flatMap((p, n) => link(idOf(p), "upsell", [idOf(stocked[5 + n] ?? first)])),
    ...children.slice(0, 2).flatMap((child) => link(idOf(child), "cross_sell", [virtual, idOf(stocked[3]!)])),
  ]);

  const tagRows = await tx
    .insert(tags)
    .values(demoTags.map((tag) => ({ slug: tag.slug })))
    .returning({ id: tags.id, slug: tags.slug });
  const tagId = new Map(tagRows.map((row) => [row.slug, row.id]));
  await tx.insert(tagTranslations).values(
    demoTags.flatMap((tag) =>
      (["en", "es"] as const).map((locale) => ({
        tagId: tagId.get(tag.slug)!,
        locale,
        name: tag.name[locale],
      })),
    ),
  );
  const popular = [...planned].sort((a, b) => b.totalSales - a.totalSales).slice(0, 4);
  const tagged = (slug: string, productIdsOf: number[]) =>
    [...new Set(productIdsOf)].map((productId) => ({ productId, tagId: tagId.get(slug)! }));
  await tx
    .insert(productTags)
    .values([
      ...tagged("gift-ideas", [grouped, virtual, ...children.map(idOf)]),
      ...tagged("bestsellers", popular.map(idOf)),
      ...tagged("natural-fibres", planned.slice(0, 6).map(idOf)),
    ]);
}

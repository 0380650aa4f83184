import {
  attributes,
  attributeTerms,
  categories,
  type Database,
  productCategories,
  productImages,
  productLinks,
  products,
  productTags,
  reviews,
  tags,
  tagTranslations,
  variationAttributes,
  variations,
} from "@vitrine/db";
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { alias, unionAll } from "drizzle-orm/pg-core";
import { formatDate } from "../../i18n/format.ts";
import { isLocale } from "../../i18n/i18n.ts";
import type {
  CategoryNode,
  Listing,
  ProductAttribute,
  ProductCard,
  ProductPage,
  ProductType,
  Stock,
} from "../../lib/catalogue.ts";
import type { ImageView } from "../../lib/media.ts";
import type { Orderby } from "../../lib/orderby.ts";
import type { Backorders } from "../../lib/stock-rules.ts";
import type { TaxStatus } from "../../lib/totals/totals-types.ts";
import { findVariation } from "../../lib/variation-selection.ts";
import { loadImages } from "../media/media.server.ts";
import type { SiteCache } from "../shared/site-cache.server.ts";
import { categoryTexts, pickTranslation, productTexts } from "../shared/translations.server.ts";
import { AS_ENTERED, type ShownPrices, shownPrice } from "../taxes/shown-prices.server.ts";
import type { ListingFilter, ListingIndex } from "./listing-index.server.ts";
import { termsOfProduct } from "./product-attribute-queries.server.ts";
import { activeSale, activeSaleOf } from "./sale-dates.server.ts";
import { variationTerms } from "./variation-terms.server.ts";

export const PER_PAGE = 12;

/** Each product's texts in the shopper's language and in English, for a card or a page. */
const texts = productTexts.joined("name");

/**
 * The stock a shopper is shown: its state (a counted stock at 0 or below is on backorder where its
 * backorders allow it, else out of stock; decision 0080), its count and its backorders.
 */
export function stockOf(row: {
  stockStatus: string;
  stockQuantity: number | null;
  lowStockThreshold?: number;
  backorders?: Backorders;
}): Stock {
  const backorders = row.backorders ?? "no";
  const sold = row.stockQuantity !== null && row.stockQuantity <= 0;
  if (row.stockStatus === "outofstock" || (sold && row.stockStatus !== "onbackorder" && backorders === "no"))
    return { state: "outofstock", quantity: 0, backorders };
  if (row.stockStatus === "onbackorder" || sold)
    return { state: "onbackorder", quantity: row.stockQuantity, backorders };
  if (row.stockQuantity !== null && row.stockQuantity <= (row.lowStockThreshold ?? 3)) {
    return { state: "lowstock", quantity: row.stockQuantity, backorders };
  }
  return { state: "instock", quantity: row.stockQuantity, backorders };
}

/** Shown in the shop's lists (featured, related): not kept to search results, not hidden (decision 0079). */
const listedInCatalogue = inArray(products.catalogVisibility, ["visible", "catalog"]);

const cardColumns = {
  id: products.id,
  slug: products.slug,
  type: products.type,
  regularPrice: products.regularPrice,
  // Within its sale dates only (decision 0079), as every price the shopper sees.
  salePrice: activeSaleOf(products),
  taxStatus: products.taxStatus,
  taxClass: products.taxClass,
  stockStatus: products.stockStatus,
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
  backorders: products.backorders,
  averageRating: products.averageRating,
  reviewCount: products.reviewCount,
  name: texts.text("name", products.slug),
  shortDescription: texts.text("shortDescription", sql`''`),
  // The card's picture and a variable product's price range come with the row, not as two more
  // statements per list (issue 14: fewer statements per page). The range is per tax class (a
  // variation's own, or the product's for "parent"): shown with tax, each class has its rates.
  imageId: sql<number | null>`(select ${productImages.mediaId} from ${productImages}
    where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
  // A grouped product's range is its published children's, from the cheapest to the dearest, as
  // WooCommerce shows it (decision 0076).
  priceRanges: sql<Array<[string, number, number]> | null>`(case when ${products.type} = 'grouped' then
    (select json_agg(json_build_array(r.tax_class, r.low, r.high))
      from (select child.tax_class, min(coalesce(${activeSale("child")}, child.regular_price)) as low,
          max(coalesce(${activeSale("child")}, child.regular_price)) as high
        from ${productLinks} link join ${products} child on child.id = link.linked_product_id
        where link.product_id = ${products.id} and link.kind = 'grouped' and child.status = 'publish'
        group by 1) as r)
    else (select json_agg(json_build_array(r.tax_class, r.low, r.high))
    from (select coalesce(nullif(${variations.taxClass}, 'parent'), ${products.taxClass}) as tax_class,
        min(coalesce(${activeSaleOf(variations)}, ${variations.regularPrice})) as low,
        max(coalesce(${activeSaleOf(variations)}, ${variations.regularPrice})) as high
      from ${variations} where ${variations.productId} = ${products.id} group by 1) as r) end)`,
  /** An external product's button text in the shopper's language ("" for the store's default). */
  buttonText: texts.text("buttonText", sql`''`),
};

type CardRow = {
  id: number;
  slug: string;
  type: ProductType;
  regularPrice: number;
  salePrice: number | null;
  taxStatus: TaxStatus;
  taxClass: string;
  stockStatus: string;
  stockQuantity: number | null;
  lowStockThreshold: number;
  backorders: Backorders;
  averageRating: string;
  reviewCount: number;
  name: string;
  shortDescription: string;
  imageId: number | null;
  priceRanges: Array<[string, number, number]> | null;
  buttonText: string;
};

async function cardsFromRows(
  db: Database,
  rows: CardRow[],
  locale: string,
  cache: SiteCache | undefined,
  prices: ShownPrices,
): Promise<ProductCard[]> {
  if (rows.length === 0) return [];
  const images = await loadImages(db, cardImageIds(rows), locale, cache);
  return rows.map((row) => cardOf(row, images, prices));
}

function cardImageIds(rows: CardRow[]): number[] {
  return rows.flatMap((row) => (row.imageId === null ? [] : [row.imageId]));
}

/** A card, its prices as the shop shows them to this shopper (decision 0071). */
function cardOf(row: CardRow, images: Map<number, ImageView>, prices: ShownPrices): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    name: row.name,
    shortDescription: row.shortDescription,
    price: shownPrice(prices, {
      regular: row.regularPrice,
      sale: row.salePrice,
      taxStatus: row.taxStatus,
      taxClass: row.taxClass,
      ranges: row.priceRanges,
    }),
    stock: stockOf(row),
    averageRating: Number(row.averageRating),
    reviewCount: row.reviewCount,
    image: row.imageId === null ? null : (images.get(row.imageId) ?? null),
    ...(row.type === "external" ? { buttonText: row.buttonText } : {}),
  };
}

/**
 * One page of a listing: its products from the in-memory listing index (decision 0061), in the
 * order asked for, their cards read by id.
 */
export async function listProducts(
  db: Database,
  index: ListingIndex,
  options: ListingFilter & {
    locale: string;
    page: number;
    orderby: Orderby;
    perPage?: number;
    /** A request's site cache: the cards' pictures come from it where it has them. */
    cache?: SiteCache;
    /** How the shopper sees prices (`context.shownPrices()`); as entered when not given. */
    prices?: ShownPrices;
  },
): Promise<Listing> {
  const perPage = options.perPage ?? PER_PAGE;
  const kept = index.match(options);
  const total = kept.countWith();
  const ids = index.page(kept, options.orderby, (options.page - 1) * perPage, perPage);
  return {
    products: await productCardsByIds(db, ids, options.locale, options.cache, options.prices),
    total,
    page: options.page,
    pageCount: Math.max(1, Math.ceil(total / perPage)),
    perPage,
  };
}

export async function featuredProducts(
  db: Database,
  locale: string,
  limit: number,
  cache?: SiteCache,
  prices: ShownPrices = AS_ENTERED,
): Promise<ProductCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .leftJoin(...texts.own(locale))
    .leftJoin(...texts.fallback)
    .where(and(eq(products.status, "publish"), eq(products.featured, true), listedInCatalogue))
    .orderBy(asc(products.menuOrder), asc(products.id))
    .limit(limit);
  return cardsFromRows(db, rows, locale, cache, prices);
}

export async function categoryTree(db: Database, locale: string): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      parentId: categories.parentId,
      name: categoryTexts.text("name", locale, categories.slug),
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const nodes = new Map<number, CategoryNode>(rows.map((row) => [row.id, { ...row, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function findCategory(
  tree: CategoryNode[],
  slug: string,
): { node: CategoryNode; trail: CategoryNode[] } | null {
  for (const node of tree) {
    if (node.slug === slug) return { node, trail: [node] };
    const found = findCategory(node.children, slug);
    if (found) return { node: found.node, trail: [node, ...found.trail] };
  }
  return null;
}

export function findCategoryById(tree: CategoryNode[], id: number): CategoryNode | null {
  for (const node of tree) {
    if (node.id === id) return node;
    const found = findCategoryById(node.children, id);
    if (found) return found;
  }
  return null;
}

export function descendantIds(node: CategoryNode): number[] {
  return [node.id, ...node.children.flatMap(descendantIds)];
}

/**
 * The category tree as every page of a process shares it: read once per language and kept in the
 * site cache until the change feed announces a change. Callers must not change it.
 */
export function sharedCategoryTree(
  context: { db: Database; siteCache: SiteCache },
  locale: string,
): Promise<CategoryNode[]> {
  return context.siteCache.get(`categories:${locale}`, () => categoryTree(context.db, locale));
}

/** What the product page's row brings of each part of the page, as JSON built by the database. */
type VariationRow = {
  id: number;
  sku: string | null;
  regularPrice: number;
  salePrice: number | null;
  /** "parent": the product's. */
  taxClass: string;
  stockQuantity: number | null;
  stockStatus: string;
  backorders: Backorders;
  imageId: number | null;
  /** Attribute slug → term slug. */
  attributes: Record<string, string>;
};
/** `at` is a timestamp as PostgreSQL writes it in JSON (ISO 8601 with its offset). */
type ReviewRow = {
  id: number;
  author: string;
  rating: number;
  body: string;
  at: string;
  reply: string | null;
};

/** The product's variations in the owner's order, each with the slugs of the terms it stands for. */
const variationsOfProduct = sql<VariationRow[]>`coalesce((select json_agg(json_build_object(
    'id', ${variations.id}, 'sku', ${variations.sku},
    'regularPrice', ${variations.regularPrice}, 'salePrice', ${activeSaleOf(variations)},
    'taxClass', ${variations.taxClass},
    'stockQuantity', ${variations.stockQuantity}, 'stockStatus', ${variations.stockStatus},
    'backorders', ${variations.backorders}, 'imageId', ${variations.imageId},
    'attributes', coalesce((select json_object_agg(${attributes.slug}, ${attributeTerms.slug})
      from ${variationAttributes}
      join ${attributes} on ${attributes.id} = ${variationAttributes.attributeId}
      join ${attributeTerms} on ${attributeTerms.id} = ${variationAttributes.termId}
      where ${variationAttributes.variationId} = ${variations.id}), '{}'))
    order by ${variations.menuOrder}, ${variations.id})
  from ${variations} where ${variations.productId} = ${products.id}), '[]')`;

/** The product's 50 latest approved reviews, newest first. */
const reviewsOfProduct = sql<
  ReviewRow[]
>`coalesce((select json_agg(latest.review order by latest.at desc, latest.id desc)
  from (select json_build_object('id', ${reviews.id}, 'author', ${reviews.authorName},
      'rating', ${reviews.rating}, 'body', ${reviews.body}, 'at', ${reviews.createdAt},
      'reply', ${reviews.reply}) as review,
      ${reviews.createdAt} as at, ${reviews.id} as id
    from ${reviews}
    where ${reviews.productId} = ${products.id} and ${reviews.status} = 'approved'
    order by ${reviews.createdAt} desc, ${reviews.id} desc limit 50) as latest), '[]')`;

/** The product's categories (their names come from the shared category tree). */
const categoriesOfProduct = sql<Array<{ id: number; slug: string }>>`coalesce((select json_agg(
    json_build_object('id', ${categories.id}, 'slug', ${categories.slug})
    order by ${categories.position}, ${categories.id})
  from ${productCategories} join ${categories} on ${categories.id} = ${productCategories.categoryId}
  where ${productCategories.productId} = ${products.id}), '[]')`;

/** The product's tags, each with its name in `locale` (else English, else its slug). */
function tagsOfProduct(locale: string) {
  const name = (lang: string) =>
    sql`(select ${tagTranslations.name} from ${tagTranslations} where ${tagTranslations.tagId} = ${tags.id} and ${tagTranslations.locale} = ${lang})`;
  return sql<Array<{ slug: string; name: string }>>`coalesce((select json_agg(json_build_object(
      'slug', ${tags.slug}, 'name', coalesce(${name(locale)}, ${name("en")}, ${tags.slug})) order by ${tags.slug})
    from ${productTags} join ${tags} on ${tags.id} = ${productTags.tagId}
    where ${productTags.productId} = ${products.id}), '[]')`;
}

/**
 * A published product's page. Two statements side by side (issue 14: few statements per page): the
 * product's row, which brings its gallery, attributes, variations, reviews and categories as
 * subqueries, and its related cards; then the pictures the site cache lacks, in one more.
 */
export async function productBySlug(
  db: Database,
  slug: string,
  locale: string,
  /** A request's site cache: the category names and the pictures come from it where it has them. */
  cache?: SiteCache,
  /** How the shopper sees prices (`context.shownPrices()`). */
  prices: ShownPrices = AS_ENTERED,
): Promise<ProductPage | null> {
  const [[row], besideRows] = await Promise.all([
    db
      .select({
        ...cardColumns,
        sku: products.sku,
        reviewsAllowed: products.reviewsAllowed,
        hidden: sql<boolean>`${products.catalogVisibility} = 'hidden'`,
        description: texts.text("description", sql`''`),
        metaDescription: texts.text("metaDescription", sql`''`),
        galleryIds: sql<
          number[]
        >`coalesce((select array_agg(${productImages.mediaId} order by ${productImages.position})
          from ${productImages} where ${productImages.productId} = ${products.id}), '{}')`,
        terms: termsOfProduct(products.id),
        variations: variationsOfProduct,
        reviews: reviewsOfProduct,
        categories: categoriesOfProduct,
        tags: tagsOfProduct(locale),
      })
      .from(products)
      .leftJoin(...texts.own(locale))
      .leftJoin(...texts.fallback)
      .where(and(eq(products.slug, slug), eq(products.status, "publish"))),
    cardsBeside(db, slug, locale),
  ]);
  if (!row) return null;
  const beside = (kind: string) =>
    besideRows.filter((card) => card.kind === kind).sort((a, b) => a.position - b.position || a.id - b.id);
  const relatedCardRows = beside("related");

  // One statement for every picture on the page: the product's, its variations' and the related cards'.
  const images = await loadImages(
    db,
    [
      ...cardImageIds([row, ...besideRows]),
      ...row.galleryIds,
      ...row.variations.flatMap((v) => (v.imageId ? [v.imageId] : [])),
    ],
    locale,
    cache,
  );

  const attributeMap = new Map<string, ProductAttribute>();
  for (const term of row.terms) {
    let attribute = attributeMap.get(term.attributeSlug);
    if (!attribute) {
      attribute = {
        slug: term.attributeSlug,
        label: pickTranslation(term.attributeLabel, locale, term.attributeSlug),
        options: [],
        forVariations: term.forVariations,
        visible: term.visible,
      };
      attributeMap.set(term.attributeSlug, attribute);
    }
    attribute.options.push({
      slug: term.termSlug,
      label: pickTranslation(term.termLabel, locale, term.termSlug),
    });
  }

  const categoryNodes = await (cache
    ? sharedCategoryTree({ db, siteCache: cache }, locale)
    : categoryTree(db, locale));
  const flat = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes.flatMap((node) => [node, ...flat(node.children)]);
  const categoryNames = new Map(flat(categoryNodes).map((node) => [node.id, node.name]));

  return {
    ...cardOf(row, images, prices),
    sku: row.sku,
    reviewsAllowed: row.reviewsAllowed,
    hidden: row.hidden,
    description: row.description,
    metaDescription: row.metaDescription,
    images: row.galleryIds.flatMap((id) => images.get(id) ?? []),
    attributes: [...attributeMap.values()],
    variations: row.variations.map((variation) => {
      return {
        id: variation.id,
        sku: variation.sku,
        attributes: variation.attributes,
        price: shownPrice(prices, {
          regular: variation.regularPrice,
          sale: variation.salePrice,
          taxStatus: row.taxStatus,
          taxClass: variation.taxClass === "parent" ? row.taxClass : variation.taxClass,
          ranges: null,
        }),
        stock: stockOf({ ...variation, lowStockThreshold: row.lowStockThreshold }),
        image: variation.imageId ? (images.get(variation.imageId) ?? null) : null,
      };
    }),
    categories: row.categories.map((category) => ({
      slug: category.slug,
      name: categoryNames.get(category.id) ?? category.slug,
    })),
    reviews: row.reviews.map((review) => {
      const date = new Date(review.at).toISOString();
      return {
        id: review.id,
        author: review.author,
        rating: review.rating,
        body: review.body,
        date,
        // Written here: the browser building a date format in hydration pays its number data (decision 0093).
        dateText: formatDate(date, isLocale(locale) ? locale : "en"),
        reply: review.reply,
      };
    }),
    related: relatedCardRows.map((related) => cardOf(related, images, prices)),
    tags: row.tags,
    grouped: beside("grouped").map((linked) => cardOf(linked, images, prices)),
    upsells: beside("upsell").map((linked) => cardOf(linked, images, prices)),
  };
}

/**
 * The cards the product page of `slug` shows beside the product, in one statement that runs beside
 * the product's own (issue 14: few statements per page): its related cards, and the published
 * products it links to as its grouped children or upsells (decision 0076), each with its kind and
 * its place in its list.
 */
function cardsBeside(db: Database, slug: string, locale: string) {
  return unionAll(relatedRows(db, slug, locale), linkedRows(db, slug, locale));
}

/** The product's grouped children and upsells, in the owner's order. */
function linkedRows(db: Database, slug: string, locale: string) {
  const page = alias(products, "linking_product");
  return db
    .select({
      ...cardColumns,
      kind: sql<string>`${productLinks.kind}`.as("kind"),
      position: sql<number>`${productLinks.position}`.as("position"),
    })
    .from(products)
    .innerJoin(productLinks, eq(productLinks.linkedProductId, products.id))
    .innerJoin(page, eq(page.id, productLinks.productId))
    .leftJoin(...texts.own(locale))
    .leftJoin(...texts.fallback)
    .where(
      and(
        eq(page.slug, slug),
        eq(products.status, "publish"),
        inArray(productLinks.kind, ["grouped", "upsell"]),
      ),
    )
    .orderBy(asc(productLinks.position), asc(products.id));
}

/**
 * The cross-sells of the products in a cart ("You may be interested in…"): published, not in the
 * cart already, at most `limit`, in the owner's order of the first product that names each.
 */
export async function crossSellCards(
  db: Database,
  inCart: number[],
  locale: string,
  cache?: SiteCache,
  prices: ShownPrices = AS_ENTERED,
  limit = 4,
): Promise<ProductCard[]> {
  if (inCart.length === 0) return [];
  const rows = await db
    .select({ ...cardColumns, position: productLinks.position })
    .from(products)
    .innerJoin(productLinks, eq(productLinks.linkedProductId, products.id))
    .leftJoin(...texts.own(locale))
    .leftJoin(...texts.fallback)
    .where(
      and(
        eq(productLinks.kind, "cross_sell"),
        inArray(productLinks.productId, inCart),
        notInArray(products.id, inCart),
        eq(products.status, "publish"),
      ),
    )
    .orderBy(asc(productLinks.position), asc(products.id));
  const seen = new Set<number>();
  const unique = rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, limit);
  return cardsFromRows(db, unique, locale, cache, prices);
}

/**
 * Up to four published products sharing a category with the product of `slug`, best sellers first.
 * It takes the slug, not the id, so that it runs beside the product's own statement.
 */
function relatedRows(db: Database, slug: string, locale: string) {
  const page = alias(products, "page_product");
  const own = db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .innerJoin(page, eq(page.id, productCategories.productId))
    .where(eq(page.slug, slug));
  return db
    .select({
      ...cardColumns,
      kind: sql<string>`'related'`.as("kind"),
      // The list's order, as the union keeps none of its parts' own.
      position:
        sql<number>`(row_number() over (order by ${products.totalSales} desc, ${products.id}))::int`.as(
          "position",
        ),
    })
    .from(products)
    .leftJoin(...texts.own(locale))
    .leftJoin(...texts.fallback)
    .where(
      and(
        eq(products.status, "publish"),
        listedInCatalogue,
        sql`${products.slug} <> ${slug}`,
        sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${inArray(productCategories.categoryId, own)})`,
      ),
    )
    .orderBy(desc(products.totalSales), asc(products.id))
    .limit(4);
}

/** Published products' cards in the order of `ids` (search keeps its ranking this way). */
export async function productCardsByIds(
  db: Database,
  ids: number[],
  locale: string,
  cache?: SiteCache,
  prices: ShownPrices = AS_ENTERED,
): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(products)
    .leftJoin(...texts.own(locale))
    .leftJoin(...texts.fallback)
    .where(and(eq(products.status, "publish"), inArray(products.id, ids)));
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return cardsFromRows(db, rows, locale, cache, prices);
}

/**
 * The variation of a product whose attribute values match `attribute_{slug}` form fields, by the
 * one selection rule the product page and quick view use (lib/variation-selection.ts). The
 * attributes that choose a variation are the ones any of its variations sets.
 */
export async function variationFromAttributes(
  db: Database,
  productId: number,
  chosen: Record<string, string>,
): Promise<number | null> {
  const rows = await variationTerms(db, productId);
  const byVariation = new Map<number, Record<string, string>>();
  for (const row of rows)
    byVariation.set(row.variationId, { ...byVariation.get(row.variationId), [row.attribute]: row.term });
  const slugs = [...new Set(rows.map((row) => row.attribute))];
  const variation = findVariation(
    {
      attributes: slugs.map((slug) => ({ slug, label: slug, options: [], forVariations: true })),
      variations: [...byVariation].map(([id, values]) => ({ id, attributes: values })),
    },
    chosen,
  );
  return variation?.id ?? null;
}

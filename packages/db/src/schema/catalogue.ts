import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { media } from "./content.ts";
import { shippingClasses } from "./shipping.ts";

/** Shopper-facing text stored once per language: `{ en: "…", es: "…" }`. */
export type Translated = Record<string, string>;

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    position: integer("position").notNull().default(0),
    imageId: integer("image_id").references(() => media.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug), index("categories_parent_idx").on(t.parentId)],
);

export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] })],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    /** WooCommerce's product types; downloadable and virtual are flags beside the type, as there. */
    type: text("type", { enum: ["simple", "variable", "grouped", "external"] }).notNull(),
    status: text("status", { enum: ["publish", "draft"] })
      .notNull()
      .default("publish"),
    sku: text("sku"),
    /** The barcode number (GTIN: EAN-13, UPC-A, GTIN-8 or GTIN-14), digits only; null when unknown. */
    gtin: text("gtin"),
    /** Prices are integer minor units (cents). For a variable product they are the lowest variation's. */
    regularPrice: integer("regular_price").notNull(),
    salePrice: integer("sale_price"),
    /** Null means stock is not tracked for this product. */
    stockQuantity: integer("stock_quantity"),
    stockStatus: text("stock_status", { enum: ["instock", "outofstock", "onbackorder"] })
      .notNull()
      .default("instock"),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(3),
    /** WooCommerce's tax status: the price is taxed, only its shipping is, or nothing is. */
    taxStatus: text("tax_status", { enum: ["taxable", "shipping", "none"] })
      .notNull()
      .default("taxable"),
    /** The tax class's slug (tax_classes); "" is the standard class. */
    taxClass: text("tax_class").notNull().default(""),
    /** The product's shipping class; null: none. */
    shippingClassId: integer("shipping_class_id").references(() => shippingClasses.id, {
      onDelete: "set null",
    }),
    featured: boolean("featured").notNull().default(false),
    /**
     * WooCommerce's fields its product CSV carries (decision 0074), kept so an import and an export
     * lose nothing: the sale's first and last day, backorders (no, notify, yes), whether reviews are
     * allowed, and where the product is listed (visible, catalog, search, hidden).
     */
    dateOnSaleFrom: date("date_on_sale_from"),
    dateOnSaleTo: date("date_on_sale_to"),
    backorders: text("backorders", { enum: ["no", "notify", "yes"] })
      .notNull()
      .default("no"),
    reviewsAllowed: boolean("reviews_allowed").notNull().default(true),
    catalogVisibility: text("catalog_visibility", { enum: ["visible", "catalog", "search", "hidden"] })
      .notNull()
      .default("visible"),
    /** Nothing to ship (WooCommerce's "Virtual"): a cart of such lines only asks for no shipping. */
    virtual: boolean("virtual").notNull().default(false),
    /** Files are delivered after payment (WooCommerce's "Downloadable"). */
    downloadable: boolean("downloadable").notNull().default(false),
    /** Downloads allowed per item bought (-1 unlimited) and days they stay open (-1 never); decision 0075. */
    downloadLimit: integer("download_limit").notNull().default(-1),
    downloadExpiry: integer("download_expiry").notNull().default(-1),
    /** An external (affiliate) product's address, where its button goes; null for other types. */
    externalUrl: text("external_url"),
    menuOrder: integer("menu_order").notNull().default(0),
    totalSales: integer("total_sales").notNull().default(0),
    averageRating: numeric("average_rating", { precision: 3, scale: 2 }).notNull().default("0"),
    reviewCount: integer("review_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_slug_key").on(t.slug),
    uniqueIndex("products_sku_key").on(t.sku),
    // Each server's in-memory search index reads what changed since it last looked (decision 0020).
    index("products_updated_idx").on(t.updatedAt),
    index("products_listing_idx").on(t.status, t.menuOrder, t.id),
    index("products_created_idx").on(t.createdAt),
    index("products_price_idx").on(t.regularPrice),
    index("products_sales_idx").on(t.totalSales),
    // The dashboard's low stock, lowest first: the few products at or under their threshold, not all.
    index("products_low_stock_idx")
      .on(t.stockQuantity, t.id)
      .where(sql`${t.stockQuantity} <= ${t.lowStockThreshold}`),
    // Below zero only where backorders allow it (decision 0080): the checkout's guard, held here too.
    check(
      "products_stock_not_negative",
      sql`${t.stockQuantity} IS NULL OR ${t.stockQuantity} >= 0 OR ${t.backorders} <> 'no'`,
    ),
    check(
      "products_price_not_negative",
      sql`${t.regularPrice} >= 0 AND (${t.salePrice} IS NULL OR ${t.salePrice} >= 0)`,
    ),
  ],
);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    shortDescription: text("short_description").notNull().default(""),
    description: text("description").notNull().default(""),
    /** The page's meta description; empty means the short description serves. */
    metaDescription: text("meta_description").notNull().default(""),
    /** An external product's button text (WooCommerce's "Button text"); null: the store's default. */
    buttonText: text("button_text"),
  },
  // The storefront's search reads these texts into memory (decision 0020); the back office's product
  // list searches names in SQL, by any part of them (pg_trgm, decision 0065).
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    index("product_translations_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index("product_categories_category_idx").on(t.categoryId),
  ],
);

/**
 * Products linked to a product: a grouped product's children, its upsells ("You may also like…" on
 * its page) and its cross-sells ("You may be interested in…" in the cart), in the owner's order.
 */
export const productLinks = pgTable(
  "product_links",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    linkedProductId: integer("linked_product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["grouped", "upsell", "cross_sell"] }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.kind, t.linkedProductId] }),
    // Which grouped products hold a product (its parents), and what links to a deleted product.
    index("product_links_linked_idx").on(t.linkedProductId, t.kind),
    check("product_links_not_self", sql`${t.productId} <> ${t.linkedProductId}`),
  ],
);

/** Product tags (WooCommerce's product_tag taxonomy): flat, unlike categories. */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
  },
  (t) => [uniqueIndex("tags_slug_key").on(t.slug)],
);

export const tagTranslations = pgTable(
  "tag_translations",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.locale] })],
);

export const productTags = pgTable(
  "product_tags",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index("product_tags_tag_idx").on(t.tagId)],
);

export const productImages = pgTable(
  "product_images",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.mediaId] }),
    index("product_images_order_idx").on(t.productId, t.position),
  ],
);

/**
 * A product attribute such as colour or size; its labels are translated. A global one (no product)
 * is offered to every product; a product's own one (WooCommerce's custom product attribute,
 * decision 0060) belongs to that product only and goes with it.
 */
export const attributes = pgTable(
  "attributes",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").references((): AnyPgColumn => products.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    label: jsonb("label").$type<Translated>().notNull(),
    /** How its terms are listed (WooCommerce's "default sort order"): the owner's order or by name. */
    orderby: text("orderby", { enum: ["menu_order", "name"] })
      .notNull()
      .default("menu_order"),
  },
  (t) => [
    uniqueIndex("attributes_slug_key").on(t.slug).where(sql`${t.productId} IS NULL`),
    uniqueIndex("attributes_product_slug_key").on(t.productId, t.slug).where(sql`${t.productId} IS NOT NULL`),
  ],
);

export const attributeTerms = pgTable(
  "attribute_terms",
  {
    id: serial("id").primaryKey(),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    label: jsonb("label").$type<Translated>().notNull(),
    description: jsonb("description").$type<Translated>().notNull().default({}),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("attribute_terms_slug_key").on(t.attributeId, t.slug)],
);

/** Which terms of which attributes a product offers. */
export const productAttributeTerms = pgTable(
  "product_attribute_terms",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    termId: integer("term_id")
      .notNull()
      .references(() => attributeTerms.id, { onDelete: "cascade" }),
    usedForVariations: boolean("used_for_variations").notNull().default(true),
    /** Shown in the product page's "Additional information" (WooCommerce's "Visible on the product page"). */
    visible: boolean("visible").notNull().default(true),
  },
  // By term: the shop's attribute filters and their counts start from the chosen terms.
  (t) => [
    primaryKey({ columns: [t.productId, t.termId] }),
    index("product_attribute_terms_term_idx").on(t.termId, t.productId),
  ],
);

export const variations = pgTable(
  "variations",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku"),
    regularPrice: integer("regular_price").notNull(),
    salePrice: integer("sale_price"),
    stockQuantity: integer("stock_quantity"),
    stockStatus: text("stock_status", { enum: ["instock", "outofstock", "onbackorder"] })
      .notNull()
      .default("instock"),
    imageId: integer("image_id").references(() => media.id, { onDelete: "set null" }),
    menuOrder: integer("menu_order").notNull().default(0),
    /** A tax class's slug, "" standard, or "parent": the product's class (WooCommerce's default). */
    taxClass: text("tax_class").notNull().default("parent"),
    /** The variation's shipping class; null: the same as its product's (WooCommerce's default). */
    shippingClassId: integer("shipping_class_id").references(() => shippingClasses.id, {
      onDelete: "set null",
    }),
    virtual: boolean("virtual").notNull().default(false),
    downloadable: boolean("downloadable").notNull().default(false),
    /** The sale's days and backorders, as the product's (decision 0074). */
    dateOnSaleFrom: date("date_on_sale_from"),
    dateOnSaleTo: date("date_on_sale_to"),
    backorders: text("backorders", { enum: ["no", "notify", "yes"] })
      .notNull()
      .default("no"),
    /** The variation's own download limit and expiry (decision 0075), as the product's. */
    downloadLimit: integer("download_limit").notNull().default(-1),
    downloadExpiry: integer("download_expiry").notNull().default(-1),
  },
  (t) => [
    index("variations_product_idx").on(t.productId),
    uniqueIndex("variations_sku_key").on(t.sku),
    check(
      "variations_stock_not_negative",
      sql`${t.stockQuantity} IS NULL OR ${t.stockQuantity} >= 0 OR ${t.backorders} <> 'no'`,
    ),
  ],
);

export const variationAttributes = pgTable(
  "variation_attributes",
  {
    variationId: integer("variation_id")
      .notNull()
      .references(() => variations.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    termId: integer("term_id")
      .notNull()
      .references(() => attributeTerms.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.variationId, t.attributeId] })],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    authorEmail: text("author_email").notNull(),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    locale: text("locale").notNull().default("en"),
    status: text("status", { enum: ["pending", "approved", "spam", "trash"] })
      .notNull()
      .default("pending"),
    /** The status a review had before it was marked as spam or trashed: where restoring puts it back. */
    statusBefore: text("status_before", { enum: ["pending", "approved", "spam"] }),
    /** The store's reply, shown under the review on the product page; null for none. */
    reply: text("reply"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.status, t.createdAt),
    // The moderation queue: one status, newest first, across products.
    index("reviews_status_idx").on(t.status, t.createdAt),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

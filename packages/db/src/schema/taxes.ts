import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Tax classes and rates in WooCommerce's model (issue 41, decision 0067). The standard class is
 * implicit, slug ""; a store starts with "reduced-rate" and "zero-rate" (the migration inserts them).
 */
export const taxClasses = pgTable(
  "tax_classes",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    uniqueIndex("tax_classes_slug_key").on(t.slug),
    check("tax_classes_slug_not_empty", sql`${t.slug} <> ''`),
  ],
);

/** One row of the rates table (`TaxRate` in apps/store/app/lib/totals/totals-types.ts). */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: serial("id").primaryKey(),
    /** The class's slug; "" is the standard class. */
    taxClass: text("class").notNull().default(""),
    /** ISO 3166-1 alpha-2, upper case, or "" for every country. */
    country: text("country").notNull().default(""),
    state: text("state").notNull().default(""),
    postcodes: text("postcodes").array().notNull().default(sql`'{}'::text[]`),
    cities: text("cities").array().notNull().default(sql`'{}'::text[]`),
    /** Percent with four decimals; read as a string ("21.0000"), never a float. */
    rate: numeric("rate", { precision: 8, scale: 4 }).notNull(),
    name: text("name").notNull().default(""),
    priority: integer("priority").notNull().default(1),
    compound: boolean("compound").notNull().default(false),
    shipping: boolean("shipping").notNull().default(true),
    order: integer("rate_order").notNull().default(0),
  },
  (t) => [
    index("tax_rates_class_order_idx").on(t.taxClass, t.order, t.id),
    check("tax_rates_rate_range", sql`${t.rate} >= 0 AND ${t.rate} <= 100`),
  ],
);

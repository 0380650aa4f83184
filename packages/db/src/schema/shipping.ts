import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Shipping in WooCommerce's model (issue 41, decision 0069): zones in the owner's order, each with
 * its locations (countries, states "ES:M", continents, postcodes with "*" and "a...b" ranges) and
 * its methods (flat rate, free shipping, local pickup), whose instance id is the row's id. Zone 0,
 * "Locations not covered by your other zones", is a row the migration makes and nothing deletes.
 */
export const shippingZones = pgTable("shipping_zones", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  order: integer("zone_order").notNull().default(0),
});

export const shippingZoneLocations = pgTable(
  "shipping_zone_locations",
  {
    id: serial("id").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    type: text("location_type", { enum: ["country", "state", "continent", "postcode"] }).notNull(),
    code: text("location_code").notNull(),
  },
  (t) => [index("shipping_zone_locations_zone_idx").on(t.zoneId)],
);

export const shippingZoneMethods = pgTable(
  "shipping_zone_methods",
  {
    /** The method's instance id ("flat_rate:3"). */
    id: serial("id").primaryKey(),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    methodId: text("method_id", { enum: ["flat_rate", "free_shipping", "local_pickup"] }).notNull(),
    order: integer("method_order").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    /** The method's settings (lib/shipping/shipping-methods.ts): title, tax status, costs, rules. */
    settings: jsonb("settings").notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index("shipping_zone_methods_zone_idx").on(t.zoneId)],
);

/** WooCommerce's shipping classes (`product_shipping_class`): flat rates can cost more per class. */
export const shippingClasses = pgTable(
  "shipping_classes",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [
    uniqueIndex("shipping_classes_slug_key").on(t.slug),
    check("shipping_classes_slug_not_empty", sql`${t.slug} <> ''`),
  ],
);

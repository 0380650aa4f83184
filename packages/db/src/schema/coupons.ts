import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { carts, orders } from "./commerce.ts";

export const couponTypes = ["percent", "fixed_cart", "fixed_product"] as const;

/**
 * A discount code in WooCommerce's model (issue 41, decision 0068). The code is kept in lower case,
 * as WooCommerce keeps it (`wc_format_coupon_code` + `wc_strtolower`), so one code is one coupon
 * whatever case a shopper types. `amount` is a percent ("10", "12.5") for percent coupons and minor
 * units ("500") for fixed ones, as the totals engine takes it; spends are minor units.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    type: text("type", { enum: couponTypes }).notNull().default("fixed_cart"),
    amount: text("amount").notNull().default("0"),
    description: text("description").notNull().default(""),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    freeShipping: boolean("free_shipping").notNull().default(false),
    minimumAmount: integer("minimum_amount"),
    maximumAmount: integer("maximum_amount"),
    individualUse: boolean("individual_use").notNull().default(false),
    excludeSaleItems: boolean("exclude_sale_items").notNull().default(false),
    productIds: integer("product_ids").array().notNull().default(sql`'{}'::integer[]`),
    excludedProductIds: integer("excluded_product_ids").array().notNull().default(sql`'{}'::integer[]`),
    categoryIds: integer("category_ids").array().notNull().default(sql`'{}'::integer[]`),
    excludedCategoryIds: integer("excluded_category_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** Allowed billing e-mails, lower case; `*` stands for any run of characters ("*@example.com"). */
    emailRestrictions: text("email_restrictions").array().notNull().default(sql`'{}'::text[]`),
    usageLimit: integer("usage_limit"),
    usageLimitPerUser: integer("usage_limit_per_user"),
    limitUsageToXItems: integer("limit_usage_to_x_items"),
    /** Orders that hold a use: raised only by a conditional update inside the order's transaction. */
    usageCount: integer("usage_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    check("coupons_code_lower", sql`${t.code} = lower(${t.code})`),
    check("coupons_amount_decimal", sql`${t.amount} ~ '^[0-9]+([.][0-9]{1,4})?$'`),
    check("coupons_usage_count_positive", sql`${t.usageCount} >= 0`),
  ],
);

/** One use of a coupon by one order: who used it (account and billing e-mail), for per-customer limits. */
export const couponUsages = pgTable(
  "coupon_usages",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The billing e-mail, lower case. */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupon_usages_coupon_order_key").on(t.couponId, t.orderId),
    index("coupon_usages_coupon_email_idx").on(t.couponId, t.email),
    index("coupon_usages_coupon_user_idx").on(t.couponId, t.userId),
    index("coupon_usages_order_idx").on(t.orderId),
  ],
);

/** The codes applied to a cart, in the order they were applied (WooCommerce's `applied_coupons`). */
export const cartCoupons = pgTable(
  "cart_coupons",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.code] })],
);

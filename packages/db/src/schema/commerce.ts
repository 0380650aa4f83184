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
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { type Address, sessions, users } from "./accounts.ts";
import { products, variations } from "./catalogue.ts";

/** A cart belongs to a guest session or to a signed-in user; lines merge into the user's at login. */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The codes of the cart's coupons (`cart_coupons`) in the order applied, kept by the database
     * itself (a trigger on `cart_coupons`, migration 0024): the cart is read in one plain statement.
     * Never written by the store.
     */
    couponCodes: text("coupon_codes").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex("carts_session_key").on(t.sessionId), uniqueIndex("carts_user_key").on(t.userId)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    /** The spec's cart_item_key: stable for one product + variation + attribute choice. */
    key: text("key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variationId: integer("variation_id").references(() => variations.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_lines_key").on(t.cartId, t.key),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const orderStatuses = [
  "pending",
  "on-hold",
  "processing",
  "completed",
  "cancelled",
  "refunded",
  "failed",
] as const;

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderKey: text("order_key").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    currency: text("currency").notNull(),
    locale: text("locale").notNull().default("en"),
    subtotal: integer("subtotal").notNull(),
    shippingTotal: integer("shipping_total").notNull().default(0),
    /** The order's figures as the totals engine computed them (issue 41, decision 0066): never recomputed. */
    discountTotal: integer("discount_total").notNull().default(0),
    discountTax: integer("discount_tax").notNull().default(0),
    shippingTax: integer("shipping_tax").notNull().default(0),
    /** Tax on the items (after discounts). */
    cartTax: integer("cart_tax").notNull().default(0),
    /** Items' and shipping's tax. */
    totalTax: integer("total_tax").notNull().default(0),
    /** Whether the store's prices were entered with tax when the order was placed. */
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
    total: integer("total").notNull(),
    shippingMethod: text("shipping_method"),
    /** The shipping rate's name as the shopper chose it ("Flat rate"). */
    shippingLabel: text("shipping_label").notNull().default(""),
    paymentMethod: text("payment_method").notNull(),
    billingAddress: jsonb("billing_address").$type<Address>().notNull(),
    shippingAddress: jsonb("shipping_address").$type<Address>().notNull(),
    customerNote: text("customer_note").notNull().default(""),
    /** One order per checkout attempt: a retried or resubmitted attempt finds the order it placed. */
    idempotencyKey: text("idempotency_key"),
    /** Set when a cancellation or refund put the order's stock back, so that it happens once. */
    stockRestoredAt: timestamp("stock_restored_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_key").on(t.orderKey),
    uniqueIndex("orders_idempotency_key").on(t.idempotencyKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    // The back office's list by status, newest first.
    index("orders_status_created_idx").on(t.status, t.createdAt),
    // The back office's order search by any part of the billing name or e-mail (decision 0065): the
    // search writes this very expression (`billingSearchText`).
    index("orders_billing_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.billingAddress}->>'first_name', '') || ' ' || coalesce(${t.billingAddress}->>'last_name', '') || ' ' || coalesce(${t.billingAddress}->>'email', '')) gin_trgm_ops`,
    ),
  ],
);

/**
 * Every mail the store sends through its outbox (decisions 0050, 0062): the shopper's order mails,
 * the owner's, the stock alerts and the account mails. A kind is a column of text: adding one needs
 * no migration.
 */
export const mailKinds = [
  "order_confirmation",
  "new_order",
  "cancelled_order",
  "failed_order",
  "low_stock",
  "no_stock",
  "backorder",
  "customer_on_hold_order",
  "customer_processing_order",
  "customer_completed_order",
  "customer_refunded_order",
  "customer_note",
  "customer_new_account",
  "payment_dispute",
] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * Mails the store owes (decisions 0050, 0062): written in the transaction that makes them owed (an
 * order placed, a status changed, a refund, a note), so a commit always has its mails owed, whatever
 * happens to the process after it; then sent and retried by the outbox until done. `key` names the
 * mail once (`order_confirmation:12`, `customer_note:12:40`): owing it again changes nothing, so no
 * mail is ever owed twice. `nextAttemptAt` is also a lease: an attempt moves it forward before
 * sending, so no other process sends the same mail meanwhile, and a process that died mid-send is
 * retried then.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    /** The order the mail is about, when it is about one. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: mailKinds }).notNull(),
    /** What else the mail needs, as it was when it became owed (a refund's id, a product's stock …). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** When nothing more is owed: sent, or nothing to send (no address, order gone, switched off). */
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** Why the last attempt did not send, for the logs and the owner. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("mail_outbox_key").on(t.key),
    index("mail_outbox_order_idx").on(t.orderId),
    index("mail_outbox_due").on(t.nextAttemptAt).where(sql`${t.doneAt} is null`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variationId: integer("variation_id").references(() => variations.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    sku: text("sku"),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    /** Before discounts, without tax (issue 41). */
    subtotal: integer("subtotal").notNull().default(0),
    subtotalTax: integer("subtotal_tax").notNull().default(0),
    /** After discounts, without tax. */
    total: integer("total").notNull(),
    totalTax: integer("total_tax").notNull().default(0),
    /** The line's tax by rate id, after and before discounts. */
    taxes: jsonb("taxes")
      .$type<{ total: Record<string, number>; subtotal: Record<string, number> }>()
      .notNull()
      .default({ total: {}, subtotal: {} }),
    /** How many of the line's items have gone back into stock (by a refund or a cancellation). */
    restockedQuantity: integer("restocked_quantity").notNull().default(0),
    /**
     * How many of its items were ordered beyond the stock, for a product whose customer is told
     * (backorders "notify"): WooCommerce's "Backordered" item meta (decision 0080).
     */
    backordered: integer("backordered").notNull().default(0),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    // Who bought a product: a review's "verified owner" and the orders found by a product (decision 0065).
    index("order_lines_product_idx").on(t.productId),
    // The back office's order search by a product's name, any part of it (pg_trgm, migration 0001).
    index("order_lines_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    check("order_lines_restocked_within", sql`${t.restockedQuantity} between 0 and ${t.quantity}`),
    check("order_lines_backordered_within", sql`${t.backordered} between 0 and ${t.quantity}`),
  ],
);

/** The order's tax by rate, as computed when it was placed (WooCommerce's tax line items). */
export const orderTaxLines = pgTable(
  "order_tax_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The rate it came from; the rate may since have changed or gone, the line keeps its figures. */
    rateId: integer("rate_id"),
    label: text("label").notNull(),
    rate: text("rate").notNull(),
    compound: boolean("compound").notNull().default(false),
    taxTotal: integer("tax_total").notNull().default(0),
    shippingTaxTotal: integer("shipping_tax_total").notNull().default(0),
  },
  (t) => [index("order_tax_lines_order_idx").on(t.orderId)],
);

/** The coupons an order used and what each took off (WooCommerce's coupon line items). */
export const orderCouponLines = pgTable(
  "order_coupon_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The coupon's code, lower case, as WooCommerce keeps it. */
    code: text("code").notNull(),
    discount: integer("discount").notNull().default(0),
    discountTax: integer("discount_tax").notNull().default(0),
  },
  (t) => [
    index("order_coupon_lines_order_idx").on(t.orderId),
    index("order_coupon_lines_code_idx").on(t.code),
  ],
);

/**
 * Money given back on an order (issue 40): the whole of it or a part, with its reason and, per line,
 * the quantity and amount refunded. The order's own figures never change: what is left is the total
 * less its refunds.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull().default(""),
    /** Whether the refunded lines' items went back into stock. */
    restocked: boolean("restocked").notNull().default(false),
    refundedBy: integer("refunded_by").references(() => users.id, { onDelete: "set null" }),
    /** The payment provider's refund (`re_…`) when the money went back through it (issue 42). */
    gatewayRefundId: text("gateway_refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("order_refunds_gateway_refund").on(t.gatewayRefundId),
    check("order_refunds_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const orderRefundLines = pgTable(
  "order_refund_lines",
  {
    id: serial("id").primaryKey(),
    refundId: integer("refund_id")
      .notNull()
      .references(() => orderRefunds.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(0),
    amount: integer("amount").notNull().default(0),
  },
  (t) => [
    index("order_refund_lines_refund_idx").on(t.refundId),
    index("order_refund_lines_line_idx").on(t.orderLineId),
    check("order_refund_lines_not_negative", sql`${t.quantity} >= 0 and ${t.amount} >= 0`),
  ],
);

/** Where the order's shopper came from (spec §3, order attribution record), plus what we derive. */
export const orderAttribution = pgTable("order_attribution", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  sourceType: text("source_type"),
  referrer: text("referrer"),
  utmCampaign: text("utm_campaign"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmContent: text("utm_content"),
  utmId: text("utm_id"),
  utmTerm: text("utm_term"),
  utmSourcePlatform: text("utm_source_platform"),
  utmCreativeFormat: text("utm_creative_format"),
  utmMarketingTactic: text("utm_marketing_tactic"),
  sessionEntry: text("session_entry"),
  sessionStartTime: text("session_start_time"),
  sessionPages: text("session_pages"),
  sessionCount: text("session_count"),
  userAgent: text("user_agent"),
  deviceType: text("device_type"),
  origin: text("origin").notNull(),
});

/** Notes on an order: the staff's own, or sent to the customer; `authorId` null for the store itself. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    toCustomer: boolean("to_customer").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.createdAt)],
);

/** Every status an order has been given, and by whom (`changedBy` null for the store itself). */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: orderStatuses }),
    toStatus: text("to_status", { enum: orderStatuses }).notNull(),
    changedBy: integer("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_changes_order_idx").on(t.orderId, t.createdAt)],
);

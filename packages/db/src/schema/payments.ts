import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { carts, orders } from "./commerce.ts";

/**
 * Payments made away from the store (issue 42, decision 0073): one row per attempt to pay an order
 * at a payment provider (a Stripe Checkout Session), so an order paid twice (two tabs) shows both,
 * and each webhook finds its order by the provider's reference.
 */
export const paymentStatuses = ["open", "paid", "failed", "expired", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const orderPayments = pgTable(
  "order_payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The payment method's id ("stripe"). */
    gateway: text("gateway").notNull(),
    /** The provider's name for the attempt (a Checkout Session's id, `cs_…`). */
    reference: text("reference").notNull(),
    /** The provider's name for the money once paid (a PaymentIntent's id, `pi_…`). */
    paymentId: text("payment_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("open"),
    /**
     * The cart the order came from: its bought lines leave it when the payment succeeds (a failed
     * or abandoned payment leaves the cart as it was).
     */
    cartId: integer("cart_id").references(() => carts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("order_payments_reference").on(t.gateway, t.reference),
    index("order_payments_order_idx").on(t.orderId),
    index("order_payments_payment_idx").on(t.gateway, t.paymentId),
    check("order_payments_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Each provider event the store has handled (a webhook's event id), written in the transaction that
 * handled it: an event delivered twice changes nothing the second time.
 */
export const paymentEvents = pgTable("payment_events", {
  gateway: text("gateway").notNull(),
  eventId: text("event_id").notNull().primaryKey(),
  type: text("type").notNull(),
  handledAt: timestamp("handled_at", { withTimezone: true }).notNull().defaultNow(),
});

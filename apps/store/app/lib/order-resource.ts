import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus } from "./order-status.ts";
import type { OrderAddress } from "./orders.ts";
import type { TotalsSummary } from "./totals/totals-rows.ts";

/**
 * Orders as a REST resource, for the back office (issue 16): the inputs the routes take, one schema
 * each (the page's forms send exactly these through the REST client), and what its pages show.
 */

/** The longest order note, in characters. */
export const ORDER_NOTE_MAX = 2000;
/** The longest origin label a filter takes. */
export const ORIGIN_MAX = 200;
/** The longest search of the order list. */
export const ORDER_SEARCH_MAX = 100;

/** `PUT /orders/{id}`: the new status. */
export const orderStatusInput = z.object({ status: z.enum(ORDER_STATUSES) }).strict();

/** `POST /orders/{id}/notes`: the note, for the staff only unless `customer_note`. */
export const orderNoteInput = z
  .object({
    note: z.string().trim().min(1).max(ORDER_NOTE_MAX),
    customer_note: z.boolean().default(false),
  })
  .strict();

/** The longest refund reason, in characters. */
export const REFUND_REASON_MAX = 500;

const cents = z.number().int().min(0).max(1_000_000_000);

/**
 * `POST /orders/{id}/refunds`, in WooCommerce's shape with the API's money in cents: the refund's
 * `amount` (left out: the lines' `refund_total`s added up), its `reason`, per order line (`id`) the
 * `quantity` and `refund_total` given back, and whether those items go back into stock
 * (`api_restock`, WooCommerce's name, default true; `restock_items` is taken as its synonym).
 */
export const refundInput = z
  .object({
    amount: cents.optional(),
    reason: z.string().trim().max(REFUND_REASON_MAX).default(""),
    line_items: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            quantity: z.number().int().min(0).max(1_000_000).default(0),
            refund_total: cents.default(0),
          })
          .strict(),
      )
      .max(500)
      .default([]),
    api_restock: z.boolean().optional(),
    restock_items: z.boolean().optional(),
    api_refund: z.boolean().optional(),
  })
  .strict();

export type RefundInputBody = z.input<typeof refundInput>;

/**
 * The list's filters, as `GET /orders` and the list page's address take them: `status` is one
 * status or several separated by commas; `origin` an origin label (`Unknown` for orders without an
 * attribution record). An empty value filters nothing.
 */
export const orderListFilters = z.object({
  status: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(",").map((part) => part.trim()) : undefined))
    .pipe(z.array(z.enum(ORDER_STATUSES)).min(1).max(ORDER_STATUSES.length).optional()),
  origin: z
    .string()
    .trim()
    .max(ORIGIN_MAX)
    .optional()
    .transform((value) => value || undefined),
  search: z
    .string()
    .trim()
    .max(ORDER_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined),
});

export type OrderListFilters = {
  statuses?: OrderStatus[] | undefined;
  origin?: string | undefined;
  /** An order number (`123` or `#123`), or words of a name, an e-mail or a product's name. */
  search?: string | undefined;
};

/** The statuses the order list's bulk actions give (WooCommerce's "Change status to …"). */
export const BULK_STATUSES = ["processing", "completed", "on-hold"] as const;

/** The most orders one batch changes (WooCommerce's batch limit). */
export const ORDER_BATCH_MAX = 100;

/**
 * `POST /orders/batch`, WooCommerce's batch shape for status changes: `{update: [{id, status}]}`.
 * Each order is changed on its own; the answer's `update` lists each, or its error.
 */
export const orderBatchInput = z
  .object({
    update: z
      .array(
        z
          .object({ id: z.number().int().positive().max(2_147_483_647), status: z.enum(ORDER_STATUSES) })
          .strict(),
      )
      .min(1)
      .max(ORDER_BATCH_MAX),
  })
  .strict();

/** One order of a batch's answer: its new status, or why it was not changed. */
export type OrderBatchResult =
  | { id: number; status: OrderStatus }
  | { id: number; error: { code: string; message: string; data: { status: number } } };

/** One row of the back office's order list. */
export type AdminOrderRow = {
  id: number;
  status: OrderStatus;
  /** ISO 8601. */
  date: string;
  currency: string;
  total: number;
  /** The billing name, else its e-mail. */
  customer: string;
  email: string;
  /** The attribution label: `Source: Newsletter`, `Direct`, `Unknown`… */
  origin: string;
};

/** An order as the back office's order page shows it. */
export type AdminOrderPage = AdminOrderRow & {
  subtotal: number;
  shippingTotal: number;
  /** The order's figures as its totals table shows them. */
  totals: TotalsSummary;
  paymentMethod: string;
  shippingMethod: string | null;
  billing: OrderAddress;
  shipping: OrderAddress;
  customerNote: string;
  /** ISO 8601 of the cancellation or refund that put the stock back; null while it has not. */
  stockRestoredAt: string | null;
  lines: Array<{
    id: number;
    name: string;
    quantity: number;
    subtotal: number;
    subtotalTax: number;
    /** After discounts, with its tax: what the shopper paid for the line. */
    total: number;
    attributes: Record<string, string>;
    /** How many of its items were ordered beyond the stock (decision 0080). */
    backordered: number;
    /** Of its items and its total, what refunds gave back so far. */
    refundedQuantity: number;
    refundedTotal: number;
  }>;
  /** Oldest first. */
  refunds: Array<{
    id: number;
    amount: number;
    reason: string;
    restocked: boolean;
    by: string | null;
    date: string;
    lines: Array<{ name: string; quantity: number; amount: number }>;
  }>;
  /** What the refunds gave back in all; the order's total less it is what is left to refund. */
  refunded: number;
  /** The attribution record's fields that have a value, in the record's order. */
  attribution: Array<{ field: string; value: string }>;
  notes: Array<{ id: number; body: string; toCustomer: boolean; author: string | null; date: string }>;
  history: Array<{ id: number; from: OrderStatus | null; to: OrderStatus; by: string | null; date: string }>;
  /**
   * Where the confirmation mail stands (decision 0050): sent or settled (`date` when), still being
   * tried (`date` of the next attempt), or given up; null for an order placed before the outbox.
   */
  confirmation: {
    state: "sent" | "nothing_to_send" | "sending" | "retrying" | "gave_up";
    attempts: number;
    date: string;
    error: string | null;
  } | null;
};

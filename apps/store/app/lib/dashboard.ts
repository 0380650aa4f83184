import type { AdminOrderRow } from "./order-resource.ts";

/** The back office's first page for administrators (issue 17, decision 0037). */

/** How many of the newest orders the dashboard lists. */
export const RECENT_ORDERS_SHOWN = 8;
/** How many low-stock products the dashboard lists, the lowest stock first. */
export const LOW_STOCK_SHOWN = 10;
/** How many orders whose confirmation mail failed the dashboard lists, the newest first. */
export const UNSENT_MAILS_SHOWN = 10;

/** An order whose confirmation could not be sent yet (decision 0050): still tried, or given up. */
export type UnsentMail = { orderId: number; attempts: number; gaveUp: boolean };

/** Sales (`SALE_STATUSES`) in the store's currency: how many, and their totals in minor units. */
export type SalesFigure = { orders: number; revenue: number };

export type LowStockProduct = {
  id: number;
  name: string;
  /** The lowest tracked count of the product or of its variations. */
  stock: number;
  /** The product's own threshold (`low_stock_threshold`): at or below it, stock is low. */
  threshold: number;
};

export type Dashboard = {
  currency: string;
  /** The UTC day and month the figures are for: `2026-11-26`, `2026-11`. */
  day: string;
  month: string;
  today: SalesFigure;
  thisMonth: SalesFigure;
  lowStock: LowStockProduct[];
  recentOrders: AdminOrderRow[];
  /** Shown only when there are some: the owner should know before the shopper asks. */
  unsentMails: UnsentMail[];
};

/**
 * WooCommerce's stock rules with backorders (decision 0080), for every part of the store that
 * decides with them: the cart, the checkout, the product save, the import, the pages and the APIs.
 * A product's (or variation's) stock is counted when it has a quantity (WooCommerce's "manage
 * stock"); backorders apply to a counted stock only, as WooCommerce resets them to "no" for a stock
 * it does not count.
 */

/** Whether a counted stock may be ordered below zero (WooCommerce's backorders setting). */
export const BACKORDERS = ["no", "notify", "yes"] as const;
export type Backorders = (typeof BACKORDERS)[number];

export type StockStatus = "instock" | "outofstock" | "onbackorder";

/** The count at which a counted stock is out (WooCommerce's "Out of stock threshold"). */
export const NO_STOCK_THRESHOLD = 0;

type Counted = { stockQuantity: number | null; backorders: Backorders };

/** WooCommerce's `backorders_allowed()` on a product that manages its stock. */
export function backordersAllowed(item: Counted): boolean {
  return item.stockQuantity !== null && item.backorders !== "no";
}

/**
 * The state a counted stock is in (WooCommerce's `validate_props`): in stock above the threshold,
 * else on backorder when backorders are allowed, else out of stock. A stock without a count keeps
 * the state it was given. A save and an import set it so; `stockStatusAfter`
 * (services/catalogue/stock.server.ts) writes the same rule in SQL for the statements that move a
 * count, where it applies when the count crosses the threshold: change them together.
 */
export function stockStatusFor(count: number | null, backorders: Backorders, kept: StockStatus): StockStatus {
  if (count === null) return kept;
  if (count > NO_STOCK_THRESHOLD) return "instock";
  return backorders === "no" ? "outofstock" : "onbackorder";
}

/** WooCommerce's `is_on_backorder()`: marked so, or counted, allowed and below zero. */
export function isOnBackorder(item: Counted & { stockStatus: string }): boolean {
  if (item.stockStatus === "onbackorder") return true;
  return backordersAllowed(item) && item.stockQuantity! < 0;
}

/**
 * The most one cart line may hold (WooCommerce's `get_max_purchase_quantity`): the stock left for a
 * counted stock without backorders; no limit (undefined) otherwise.
 */
export function purchaseLimit(stock: {
  quantity: number | null;
  backorders?: Backorders;
}): number | undefined {
  if (stock.quantity === null || (stock.backorders ?? "no") !== "no") return undefined;
  return stock.quantity;
}

/**
 * Whether a cart line of `quantity` says "Available on backorder" (WooCommerce's cart and blocks:
 * `backorders_require_notification() && is_on_backorder(quantity)`): the customer is to be told
 * ("notify"), the stock is counted, and the line holds more than it.
 */
export function backorderNotice(item: Counted, quantity: number): boolean {
  return item.stockQuantity !== null && item.backorders === "notify" && quantity > item.stockQuantity;
}

/**
 * How many of an order line's `quantity` were ordered beyond the stock, from the stock its
 * decrement left (WooCommerce's "Backordered" item meta: the quantity less the stock there was, if
 * any); 0 for a stock not counted or one that covered the line.
 */
export function backorderedQuantity(quantity: number, stockAfter: number | null): number {
  if (stockAfter === null) return 0;
  return Math.min(quantity, Math.max(0, -stockAfter));
}

/** A product page's or card's availability line: a translation key, its count, and WooCommerce's suffix. */
export type Availability = { key: string; count?: number; canBackorder: boolean };

/**
 * What the availability line says (WooCommerce's `get_availability_text`, with Vitrine's low-stock
 * and count wording): out of stock; on backorder, said only when the customer is to be told
 * ("notify") or the stock is not counted, nothing for a counted stock sold on backorder silently
 * ("yes"); in stock, with "(can be backordered)" after it when the customer is to be told.
 */
export function availabilityOf(
  stock: {
    state: "instock" | "lowstock" | "outofstock" | "onbackorder";
    quantity: number | null;
    backorders?: Backorders;
  },
  detailed: boolean,
): Availability | null {
  const notify = stock.quantity !== null && stock.backorders === "notify";
  if (stock.state === "outofstock") return { key: "stock.outofstock", canBackorder: false };
  if (stock.state === "onbackorder")
    return stock.quantity === null || notify ? { key: "stock.onbackorder", canBackorder: false } : null;
  if (stock.state === "lowstock")
    return { key: "stock.lowstock", count: stock.quantity ?? 0, canBackorder: notify };
  if (detailed && stock.quantity !== null)
    return { key: "stock.instockCount", count: stock.quantity, canBackorder: notify };
  return { key: "stock.instock", canBackorder: notify };
}

import { describe, expect, it } from "vitest";
import type { Backorders } from "../../lib/stock-rules.ts";
import { blankRow, normalise } from "./import-state.server.ts";

describe("an imported row's stock, as the store keeps it (decision 0080)", () => {
  it.each<[number, Backorders, number, string]>([
    // A backordered count below zero stays, as WooCommerce exports it, on backorder.
    [-3, "yes", -3, "onbackorder"],
    [-3, "notify", -3, "onbackorder"],
    [0, "notify", 0, "onbackorder"],
    // Without backorders a count is never below zero: the file's is read as 0, out of stock.
    [-3, "no", 0, "outofstock"],
    [0, "no", 0, "outofstock"],
    [4, "no", 4, "instock"],
  ])("a count of %i with backorders %s is kept as %i, %s", (stock, backorders, kept, state) => {
    const row = normalise({ ...blankRow("simple"), stock, backorders });
    expect({ stock: row.stock, stockStatus: row.stockStatus }).toEqual({ stock: kept, stockStatus: state });
  });
});

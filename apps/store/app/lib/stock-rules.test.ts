import { describe, expect, it } from "vitest";
import {
  availabilityOf,
  type Backorders,
  backorderedQuantity,
  backorderNotice,
  backordersAllowed,
  isOnBackorder,
  purchaseLimit,
  stockStatusFor,
} from "./stock-rules.ts";

describe("WooCommerce's stock rules with backorders", () => {
  it.each<[number | null, Backorders, string]>([
    [5, "no", "instock"],
    [1, "yes", "instock"],
    [0, "no", "outofstock"],
    [-2, "no", "outofstock"],
    [0, "notify", "onbackorder"],
    [-15, "yes", "onbackorder"],
    // Not counted: the state given stays.
    [null, "yes", "outofstock"],
  ])("a count of %s with backorders %s is %s", (count, backorders, state) => {
    expect(stockStatusFor(count, backorders, "outofstock")).toBe(state);
  });

  it("allows backorders on a counted stock only, as WooCommerce resets them where it counts none", () => {
    expect(backordersAllowed({ stockQuantity: 0, backorders: "notify" })).toBe(true);
    expect(backordersAllowed({ stockQuantity: 3, backorders: "yes" })).toBe(true);
    expect(backordersAllowed({ stockQuantity: 3, backorders: "no" })).toBe(false);
    expect(backordersAllowed({ stockQuantity: null, backorders: "yes" })).toBe(false);
  });

  it.each<[number | null, Backorders, string, boolean]>([
    [-1, "yes", "onbackorder", true],
    [0, "yes", "instock", false],
    [null, "no", "onbackorder", true],
    [4, "notify", "instock", false],
  ])("a count of %s (%s, %s) is on backorder: %s", (stockQuantity, backorders, stockStatus, on) => {
    expect(isOnBackorder({ stockQuantity, backorders, stockStatus })).toBe(on);
  });

  it("limits a line to the stock left only where the stock is counted and backorders are not allowed", () => {
    expect(purchaseLimit({ quantity: 3 })).toBe(3);
    expect(purchaseLimit({ quantity: 3, backorders: "no" })).toBe(3);
    expect(purchaseLimit({ quantity: 3, backorders: "notify" })).toBeUndefined();
    expect(purchaseLimit({ quantity: -4, backorders: "yes" })).toBeUndefined();
    expect(purchaseLimit({ quantity: null })).toBeUndefined();
  });

  it("says a cart line is on backorder where the customer is told and the line holds more than the stock", () => {
    const told = { stockQuantity: 2, backorders: "notify" as const };
    expect(backorderNotice(told, 2)).toBe(false);
    expect(backorderNotice(told, 3)).toBe(true);
    expect(backorderNotice({ stockQuantity: 2, backorders: "yes" }, 3)).toBe(false);
    expect(backorderNotice({ stockQuantity: null, backorders: "notify" }, 3)).toBe(false);
  });

  it.each([
    // The quantity less the stock there was: all of it from nothing, some of it from a little.
    [5, -3, 3],
    [3, -7, 3],
    [2, 0, 0],
    [2, 4, 0],
    [2, null, 0],
  ])("an order line of %i leaving a stock of %s backordered %i", (quantity, after, backordered) => {
    expect(backorderedQuantity(quantity, after)).toBe(backordered);
  });

  it.each([
    [{ state: "outofstock", quantity: 0 }, false, { key: "stock.outofstock", canBackorder: false }],
    // On backorder: said where the customer is told or the stock is not counted; silent for "yes".
    [
      { state: "onbackorder", quantity: -2, backorders: "notify" },
      true,
      { key: "stock.onbackorder", canBackorder: false },
    ],
    [{ state: "onbackorder", quantity: null }, true, { key: "stock.onbackorder", canBackorder: false }],
    [{ state: "onbackorder", quantity: -2, backorders: "yes" }, true, null],
    // In stock: "(can be backordered)" after it where the customer would be told.
    [
      { state: "instock", quantity: 8, backorders: "notify" },
      true,
      { key: "stock.instockCount", count: 8, canBackorder: true },
    ],
    [
      { state: "lowstock", quantity: 2, backorders: "notify" },
      false,
      { key: "stock.lowstock", count: 2, canBackorder: true },
    ],
    [
      { state: "instock", quantity: 8, backorders: "yes" },
      true,
      { key: "stock.instockCount", count: 8, canBackorder: false },
    ],
    [{ state: "instock", quantity: 8 }, false, { key: "stock.instock", canBackorder: false }],
    [{ state: "instock", quantity: null }, true, { key: "stock.instock", canBackorder: false }],
  ] as const)("%j (detailed: %s) reads %j", (stock, detailed, availability) => {
    expect(availabilityOf(stock, detailed)).toEqual(availability);
  });
});

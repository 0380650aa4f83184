import { describe, expect, it } from "vitest";
import { type CartView, NO_TOTALS } from "../../lib/cart.ts";
import { optimisticCart, type PendingQuantities } from "./optimistic-cart.ts";

const line = (key: string, unitPrice: number, quantity: number) => ({
  key,
  productId: 1,
  variationId: null,
  slug: key,
  name: key,
  attributes: [],
  image: null,
  unitPrice,
  regularPrice: unitPrice,
  quantity,
  maxQuantity: null,
  stockQuantity: null,
  backorders: "no" as const,
  lowStockRemaining: null,
  total: unitPrice * quantity,
  taxStatus: "taxable" as const,
  taxClass: "",
  shippingClassId: null,
  virtual: false,
  displayPrice: unitPrice,
  subtotal: unitPrice * quantity,
  subtotalTax: 0,
  discountedTotal: 0,
  discountedTax: 0,
});

const cart: CartView = {
  hash: "h",
  lines: [line("a", 1000, 1), line("b", 250, 2)],
  itemCount: 3,
  subtotal: 1500,
  total: 1700,
  totals: { ...NO_TOTALS, subtotal: 1500, shippingTotal: 200, total: 1700 },
  coupons: [],
  freeShipping: false,
  needsShipping: true,
};

describe("optimisticCart", () => {
  it.each<{
    case: string;
    pending: PendingQuantities;
    quantities: Record<string, number>;
    itemCount: number;
    subtotal: number;
    total: number;
  }>([
    {
      case: "nothing pending",
      pending: {},
      quantities: { a: 1, b: 2 },
      itemCount: 3,
      subtotal: 1500,
      total: 1700,
    },
    {
      case: "more of a line",
      pending: { a: 3 },
      quantities: { a: 3, b: 2 },
      itemCount: 5,
      subtotal: 3500,
      total: 3700,
    },
    {
      case: "fewer of a line",
      pending: { b: 1 },
      quantities: { a: 1, b: 1 },
      itemCount: 2,
      subtotal: 1250,
      total: 1450,
    },
    { case: "a removal", pending: { a: 0 }, quantities: { b: 2 }, itemCount: 2, subtotal: 500, total: 700 },
    {
      case: "the same quantity",
      pending: { a: 1 },
      quantities: { a: 1, b: 2 },
      itemCount: 3,
      subtotal: 1500,
      total: 1700,
    },
    {
      case: "an unknown line",
      pending: { zzz: 4 },
      quantities: { a: 1, b: 2 },
      itemCount: 3,
      subtotal: 1500,
      total: 1700,
    },
    {
      case: "everything removed",
      pending: { a: 0, b: 0 },
      quantities: {},
      itemCount: 0,
      subtotal: 0,
      total: 200,
    },
  ])("$case", ({ pending, quantities, itemCount, subtotal, total }) => {
    const view = optimisticCart(cart, pending);
    expect(Object.fromEntries(view.lines.map((l) => [l.key, l.quantity]))).toEqual(quantities);
    expect(view.lines.every((l) => l.total === l.unitPrice * l.quantity)).toBe(true);
    expect({ itemCount: view.itemCount, subtotal: view.subtotal, total: view.total }).toEqual({
      itemCount,
      subtotal,
      total,
    });
    expect(view.hash).toBe("h");
  });

  it("moves a taxed line's tax with it, and shows its price with tax where the cart shows prices so", () => {
    // 10.00 at 21 %, shown with tax (12.10); one more makes 2 × 12.10.
    const taxed = { ...line("t", 1000, 1), displayPrice: 1210, subtotalTax: 210 };
    const before: CartView = {
      ...cart,
      lines: [taxed],
      itemCount: 1,
      subtotal: 1210,
      total: 1210,
      totals: { ...NO_TOTALS, subtotal: 1000, subtotalTax: 210, totalTax: 210, total: 1210 },
    };
    const after = optimisticCart(before, { t: 2 });
    expect(after.lines[0]).toMatchObject({ quantity: 2, subtotal: 2000, subtotalTax: 420, total: 2000 });
    expect(after.subtotal).toBe(2420);
    expect(after.totals).toMatchObject({ subtotal: 2000, subtotalTax: 420, totalTax: 420, total: 2420 });
  });
});

import { describe, expect, it } from "vitest";
import type { VariationView } from "./catalogue.ts";
import { blockedReason, findVariation, selectionStateOf } from "./variation-selection.ts";

const stock = (state: "instock" | "outofstock") => ({ state, quantity: state === "instock" ? 5 : 0 });
const variation = (
  id: number,
  color: string,
  size: string,
  state: "instock" | "outofstock",
): VariationView => ({
  id,
  attributes: { color, size },
  price: { regular: 100, sale: null, min: 100, max: 100 },
  stock: stock(state),
  image: null,
  sku: null,
});
const tee = {
  type: "variable" as const,
  attributes: [
    { slug: "color", label: "Colour", forVariations: true, options: [] },
    { slug: "size", label: "Size", forVariations: true, options: [] },
    { slug: "material", label: "Material", forVariations: false, options: [] },
  ],
  variations: [variation(1, "red", "s", "instock"), variation(2, "red", "m", "outofstock")],
};

describe("selection", () => {
  it.each<[Record<string, string>, string, string | null, number | null]>([
    [{}, "incomplete", "product.makeSelection", null],
    [{ color: "red" }, "incomplete", "product.makeSelection", null],
    [{ color: "red", size: "s" }, "available", null, 1],
    [{ color: "red", size: "m" }, "unavailable", "product.unavailable", 2],
    [{ color: "blue", size: "s" }, "unavailable", "product.unavailable", null],
  ])("%j → %s", (chosen, state, reason, id) => {
    const current = selectionStateOf(tee, chosen);
    expect(current).toBe(state);
    expect(blockedReason(current, true)).toBe(reason);
    expect(findVariation(tee, chosen)?.id ?? null).toBe(id);
  });

  it("a simple product is blocked only when out of stock", () => {
    expect(blockedReason("simple", true)).toBeNull();
    expect(blockedReason("simple", false)).toBe("product.unavailable");
  });
});

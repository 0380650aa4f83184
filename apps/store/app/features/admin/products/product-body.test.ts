import { describe, expect, it } from "vitest";
import { emptyVariation, missingCombinations } from "./product-body.ts";

describe("a variation for every combination", () => {
  it("makes one per combination of the chosen terms, one term of each attribute", () => {
    const made = missingCombinations([1, 2], { 1: [10, 11], 2: [20, 21, 22] }, []);
    expect(made.map((variation) => variation.terms)).toEqual([
      { 1: "10", 2: "20" },
      { 1: "10", 2: "21" },
      { 1: "10", 2: "22" },
      { 1: "11", 2: "20" },
      { 1: "11", 2: "21" },
      { 1: "11", 2: "22" },
    ]);
    expect(new Set(made.map((variation) => variation.key)).size).toBe(6);
    expect(made[0]).toMatchObject({ price: "", sku: "", stock: "" });
  });

  it("leaves out the combinations a variation already stands for, and ignores attributes not given", () => {
    const existing = [emptyVariation({ 1: "10", 2: "21" }), emptyVariation({ 1: "11" })];
    const made = missingCombinations([1, 2], { 1: [10, 11], 2: [21], 3: [30] }, existing);
    expect(made.map((variation) => variation.terms)).toEqual([{ 1: "11", 2: "21" }]);
  });

  it("makes none without attributes, or when an attribute has no chosen term", () => {
    expect(missingCombinations([], { 1: [10] }, [])).toEqual([]);
    expect(missingCombinations([1, 2], { 1: [10] }, [])).toEqual([]);
  });
});

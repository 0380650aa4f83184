import { describe, expect, it } from "vitest";
import { CostExpressionError, evaluateCost, isCostExpression } from "./cost-expression.ts";

describe("evaluateCost", () => {
  const at = { qty: 3, cost: 2000 };
  it.each([
    ["", 0],
    ["5", 500],
    ["4.95", 495],
    ["4,95", 495],
    ["10 + 2 * [qty]", 1600],
    ["2 * [qty]", 600],
    ["(1 + 1) * [qty]", 600],
    ["[cost] * 0.1", 200],
    ["[cost] / 3", 667],
    ["-1 + 5", 400],
    ["5 +", 500],
    ["+ 5", 500],
    ["0.1 + 0.2", 30],
    ["0.005", 1],
  ])("%s is %i cents for 3 items costing 20.00", (expression, cents) => {
    expect(evaluateCost(expression, at)).toBe(cents);
  });

  it.each([
    ['[fee percent="10"]', 200],
    ['[fee percent="10" min_fee="3"]', 300],
    ['[fee percent="10" max_fee="1.5"]', 150],
    ['[fee percent="10" min_fee="" max_fee=""]', 200],
    ['5 + [fee percent="2.5"]', 550],
    ["[fee min_fee=4]", 400],
  ])("%s is %i cents of a 20.00 cost", (expression, cents) => {
    expect(evaluateCost(expression, at)).toBe(cents);
  });

  it("refuses what is not an expression, without evaluating code", () => {
    for (const bad of ["abc", "5 * (2", "1/0", "process.exit()", "[fee colour=red]", "[weight]", "2 ** 3"]) {
      expect(() => evaluateCost(bad, at), bad).toThrow(CostExpressionError);
      expect(isCostExpression(bad), bad).toBe(false);
    }
    expect(isCostExpression("10 + 2 * [qty]")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { dependencyOrder, type Reference, TableCycleError } from "./table-order.ts";

const ref = (from: string, to: string): Reference => ({ from, to });

describe("dependencyOrder", () => {
  it.each([
    { name: "no references: alphabetical", tables: ["b", "a", "c"], references: [], order: ["a", "b", "c"] },
    {
      name: "a referenced table first",
      tables: ["order_lines", "orders", "products"],
      references: [ref("order_lines", "orders"), ref("order_lines", "products")],
      order: ["orders", "products", "order_lines"],
    },
    {
      name: "a chain, listed backwards",
      tables: ["c", "b", "a"],
      references: [ref("c", "b"), ref("b", "a")],
      order: ["a", "b", "c"],
    },
    {
      name: "a table referencing itself",
      tables: ["categories", "media"],
      references: [ref("categories", "categories"), ref("categories", "media")],
      order: ["media", "categories"],
    },
    {
      name: "a reference to a table not copied",
      tables: ["orders"],
      references: [ref("orders", "users")],
      order: ["orders"],
    },
    {
      name: "a diamond",
      tables: ["d", "c", "b", "a"],
      references: [ref("b", "a"), ref("c", "a"), ref("d", "b"), ref("d", "c")],
      order: ["a", "b", "c", "d"],
    },
  ])("$name", ({ tables, references, order }) => {
    expect(dependencyOrder(tables, references)).toEqual(order);
  });

  it("names the tables of a cycle it cannot order", () => {
    const cycle = [ref("a", "b"), ref("b", "a"), ref("c", "a")];
    expect(() => dependencyOrder(["a", "b", "c", "d"], cycle)).toThrow(TableCycleError);
    expect(() => dependencyOrder(["a", "b", "c", "d"], cycle)).toThrow(
      /^Cannot order the tables a, b, c for copying/,
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  canMove,
  canNest,
  isMenuAddress,
  menuTree,
  moveItem,
  nestItem,
  removeItem,
  unnestItem,
} from "./menu-editor.ts";

/** A menu written as names, a sub-item with a leading "-": `["A", "-a", "B"]`. */
type Item = { name: string; depth: 0 | 1 };
const menu = (names: string[]): Item[] =>
  names.map((name) => (name.startsWith("-") ? { name: name.slice(1), depth: 1 } : { name, depth: 0 }));
const names = (items: Item[]) => items.map((item) => (item.depth === 1 ? `-${item.name}` : item.name));
const at = (items: Item[], name: string) => items.findIndex((item) => item.name === name);

describe("menu addresses", () => {
  it.each([
    ["/shop", true],
    ["/product-category/mugs?orderby=price#top", true],
    ["/", true],
    ["https://partner.example/page?x=1", true],
    ["http://partner.example", true],
    ["javascript:alert(1)", false],
    ["JavaScript:alert(1)", false],
    ["data:text/html,hi", false],
    ["mailto:someone@example.com", false],
    ["//evil.example/", false],
    ["/\\evil.example/", false],
    ["/\t/evil.example/", false],
    ["/ shop", false],
    ["shop", false],
    ["https://", false],
    ["", false],
    [`/${"a".repeat(2000)}`, false],
  ])("%s: %s", (address, allowed) => {
    expect(isMenuAddress(address)).toBe(allowed);
  });
});

describe("moving items in a menu nested one level", () => {
  const start = ["A", "-a1", "-a2", "B", "C", "-c1"];

  it.each([
    ["B", -1, ["B", "A", "-a1", "-a2", "C", "-c1"]],
    ["A", 1, ["B", "A", "-a1", "-a2", "C", "-c1"]],
    ["C", -1, ["A", "-a1", "-a2", "C", "-c1", "B"]],
    ["B", 1, ["A", "-a1", "-a2", "C", "-c1", "B"]],
    ["a2", -1, ["A", "-a2", "-a1", "B", "C", "-c1"]],
    ["a1", 1, ["A", "-a2", "-a1", "B", "C", "-c1"]],
  ] as const)("%s by %i", (name, by, expected) => {
    const items = menu(start);
    expect(canMove(items, at(items, name), by)).toBe(true);
    expect(names(moveItem(items, at(items, name), by))).toEqual(expected);
  });

  it.each([
    ["A", -1],
    ["C", 1],
    // A sub-item stays under its item: moves only among its siblings.
    ["a1", -1],
    ["a2", 1],
    ["c1", -1],
    ["c1", 1],
  ] as const)("%s cannot move by %i", (name, by) => {
    const items = menu(start);
    expect(canMove(items, at(items, name), by)).toBe(false);
    expect(names(moveItem(items, at(items, name), by))).toEqual(start);
  });

  it("nests an item without sub-items under the item above it, last", () => {
    const items = menu(start);
    expect(canNest(items, at(items, "B"))).toBe(true);
    expect(names(nestItem(items, at(items, "B")))).toEqual(["A", "-a1", "-a2", "-B", "C", "-c1"]);
    // The first item has nothing above it; an item with sub-items would nest two levels.
    expect(canNest(items, at(items, "A"))).toBe(false);
    expect(canNest(items, at(items, "C"))).toBe(false);
    expect(canNest(items, at(items, "a2"))).toBe(false);
  });

  it("un-nests a sub-item to just after its item's group", () => {
    const items = menu(start);
    expect(names(unnestItem(items, at(items, "a1")))).toEqual(["A", "-a2", "a1", "B", "C", "-c1"]);
    expect(names(unnestItem(items, at(items, "c1")))).toEqual(["A", "-a1", "-a2", "B", "C", "c1"]);
    expect(names(unnestItem(items, at(items, "B")))).toEqual(start);
  });

  it("removes an item and keeps its sub-items as items of the menu", () => {
    const items = menu(start);
    expect(names(removeItem(items, at(items, "A")))).toEqual(["a1", "a2", "B", "C", "-c1"]);
    expect(names(removeItem(items, at(items, "c1")))).toEqual(["A", "-a1", "-a2", "B", "C"]);
  });

  it("reads the list as a tree", () => {
    expect(
      menuTree(menu(start)).map(({ item, children }) => [item.name, children.map((child) => child.name)]),
    ).toEqual([
      ["A", ["a1", "a2"]],
      ["B", []],
      ["C", ["c1"]],
    ]);
  });
});

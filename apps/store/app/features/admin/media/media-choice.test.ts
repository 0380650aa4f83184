import { describe, expect, it } from "vitest";
import { moved } from "./media-choice.ts";

describe("moved", () => {
  it.each([
    { from: 2, to: 0, expected: ["c", "a", "b"] },
    { from: 0, to: 1, expected: ["b", "a", "c"] },
    { from: 0, to: 2, expected: ["b", "c", "a"] },
    { from: 1, to: -1, expected: ["b", "a", "c"] },
    { from: 1, to: 9, expected: ["a", "c", "b"] },
    { from: 5, to: 0, expected: ["a", "b", "c"] },
  ])("moves $from to $to", ({ from, to, expected }) => {
    expect(moved(["a", "b", "c"], from, to)).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import { stickyHeaderState } from "./use-sticky-header.ts";

describe("sticky header state", () => {
  const at = (scrollY: number, previousY = scrollY, hideOnScrollDown = false) =>
    stickyHeaderState({ scrollY, previousY, headerHeight: 80, hideOnScrollDown });
  it.each([
    [0, false],
    [180, false],
    [181, true],
    [2000, true],
  ])("at %i px it is stuck: %s (80 px header + 100 px)", (scrollY, stuck) => {
    expect(at(scrollY).stuck).toBe(stuck);
  });
  it("hides while scrolling down only in the optional mode, and only when stuck", () => {
    expect(at(500, 400, true)).toEqual({ stuck: true, hidden: true });
    expect(at(400, 500, true)).toEqual({ stuck: true, hidden: false });
    expect(at(500, 400, false)).toEqual({ stuck: true, hidden: false });
    expect(at(100, 50, true)).toEqual({ stuck: false, hidden: false });
  });
});

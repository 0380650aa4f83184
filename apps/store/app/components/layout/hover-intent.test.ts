import { describe, expect, it } from "vitest";
import { AUTO_POSITION_MIN_WIDTH, dropdownShift } from "./hover-intent.ts";

describe("dropdownShift", () => {
  const wide = { left: 100, right: 100 + AUTO_POSITION_MIN_WIDTH };
  it.each([
    ["fits: stays", wide, { left: 200, right: 400 }, 0],
    ["passes the right edge: moved left by the overflow", wide, { left: 700, right: 900 }, -50],
    ["passes the left edge: moved right", wide, { left: 80, right: 280 }, 20],
    ["wider than the container: its left edge kept inside", wide, { left: 300, right: 1200 }, -200],
    ["container 749 px wide: never moved", { left: 0, right: 749 }, { left: 700, right: 900 }, 0],
    ["container exactly 750 px wide: moved", { left: 0, right: 750 }, { left: 700, right: 900 }, -150],
  ])("%s", (_name, container, dropdown, shift) => {
    expect(dropdownShift(container, dropdown)).toBe(shift);
  });
});

import { describe, expect, it } from "vitest";
import { pageCount, pageNumber } from "./paging.ts";

describe("the back office's page numbers", () => {
  it("reads the page an address asks for, 1 for anything else, at most the cap", () => {
    expect(pageNumber(null)).toBe(1);
    expect(pageNumber("3")).toBe(3);
    expect(pageNumber("2.9")).toBe(2);
    for (const value of ["", "0", "-4", "abc"]) expect(pageNumber(value)).toBe(1);
    expect(pageNumber("5000000")).toBe(1_000_000);
    expect(pageNumber("5000000", 100_000)).toBe(100_000);
  });

  it("counts at least one page, and a page for what is left over", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(107, 100)).toBe(2);
  });
});

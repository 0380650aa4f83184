import { describe, expect, it } from "vitest";
import { listPage, pageCount, pageNumber, pagesAround } from "./paging.ts";

describe("the back office's page numbers", () => {
  it("reads the page an address asks for, 1 for anything else, at most the cap", () => {
    expect(pageNumber(null)).toBe(1);
    expect(pageNumber("3")).toBe(3);
    expect(pageNumber("2.9")).toBe(2);
    for (const value of ["", "0", "-4", "abc"]) expect(pageNumber(value)).toBe(1);
    expect(pageNumber("5000000")).toBe(1_000_000);
    expect(pageNumber("5000000", 100_000)).toBe(100_000);
  });

  it("reads a list's page from its address: the rows it reads and the pages a total makes", () => {
    const customers = listPage(new URLSearchParams("page=3&tokens_page=x"), 20);
    expect(customers.page).toBe(3);
    expect(customers.rows).toEqual({ limit: 20, offset: 40 });
    expect(customers.pages(41)).toBe(3);
    const tokens = listPage(new URLSearchParams("page=3&tokens_page=x"), 20, { param: "tokens_page" });
    expect(tokens.page).toBe(1);
    expect(tokens.rows).toEqual({ limit: 20, offset: 0 });
    expect(listPage(new URLSearchParams("page=999999"), 20, { max: 100_000 }).page).toBe(100_000);
  });

  it("counts at least one page, and a page for what is left over", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(107, 100)).toBe(2);
  });

  it("links the first and last pages and two either side of the current one, and a lone page between", () => {
    expect(pagesAround(1, 1)).toEqual([1]);
    expect(pagesAround(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagesAround(1, 6)).toEqual([1, 2, 3, 6]);
    expect(pagesAround(50, 8334)).toEqual([1, 48, 49, 50, 51, 52, 8334]);
    expect(pagesAround(5, 8334)).toEqual([1, 2, 3, 4, 5, 6, 7, 8334]);
    expect(pagesAround(8334, 8334)).toEqual([1, 8332, 8333, 8334]);
  });
});

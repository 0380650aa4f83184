import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv.ts";

describe("CSV fields (RFC 4180, safe in a spreadsheet)", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [12, "12"],
    [-5, "-5"],
    ["12.50", "12.50"],
    ["Source: Newsletter", "Source: Newsletter"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["two\r\nlines", '"two\r\nlines"'],
    ["Café", "Café"],
    // Formulas and what spreadsheets strip before one: neutralised with an apostrophe.
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\r=1", '"\'\r=1"'],
    ["=a,b", '"\'=a,b"'],
    // Only the first character counts.
    ["a=1", "a=1"],
    [" =1", " =1"],
  ] as const)("%j → %j", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it("ends every line with CRLF, the header too", () => {
    expect(
      toCsv([
        ["campaign", "orders"],
        ["spring", 2],
        [null, 1],
      ]),
    ).toBe("campaign,orders\r\nspring,2\r\n,1\r\n");
    expect(toCsv([])).toBe("");
  });
});

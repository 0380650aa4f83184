import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv.ts";
import { parseTaxRatesCsv, TAX_CSV_COLUMNS, taxRatesCsv } from "./tax-csv.ts";

const header = TAX_CSV_COLUMNS.map((column) => `"${column}"`).join(",");

describe("WooCommerce's tax-rate CSV", () => {
  it("reads WooCommerce's columns: '*' for everywhere, ';' between postcodes and cities, 1/0 flags, the class's slug", () => {
    const file = `${header}\nES,*,*,*,21.0000,IVA,1,0,1,\nUS,CA,"90210; 90000...90099; 91*",Beverly Hills;LOS ANGELES,7.25,CA Tax,2,1,0,reduced-rate\n`;
    expect(parseTaxRatesCsv(file)).toEqual({
      ok: true,
      rates: [
        {
          country: "ES",
          state: "",
          postcodes: [],
          cities: [],
          rate: "21.0000",
          name: "IVA",
          priority: 1,
          compound: false,
          shipping: true,
          class: "",
        },
        {
          country: "US",
          state: "CA",
          postcodes: ["90210", "90000...90099", "91*"],
          cities: ["BEVERLY HILLS", "LOS ANGELES"],
          rate: "7.2500",
          name: "CA Tax",
          priority: 2,
          compound: true,
          shipping: false,
          class: "reduced-rate",
        },
      ],
    });
  });

  it("writes what it reads back", () => {
    const rates = [
      {
        id: 1,
        class: "",
        country: "ES",
        state: "",
        postcodes: [],
        cities: [],
        rate: "21.0000",
        name: "IVA, general",
        priority: 1,
        compound: false,
        shipping: true,
        order: 0,
      },
      {
        id: 2,
        class: "zero-rate",
        country: "GB",
        state: "",
        postcodes: ["SW1A 1AA", "E1*"],
        cities: ["LONDON"],
        rate: "0.0000",
        name: "=VAT",
        priority: 2,
        compound: true,
        shipping: false,
        order: 1,
      },
    ];
    const written = taxRatesCsv(rates);
    expect(parseCsv(written)?.[0]).toEqual([...TAX_CSV_COLUMNS]);
    const read = parseTaxRatesCsv(written);
    expect(read).toEqual({ ok: true, rates: rates.map(({ id: _id, order: _order, ...rate }) => rate) });
  });

  it("refuses a file by the line and column at fault", () => {
    expect(parseTaxRatesCsv("Country code,Rate %\nES,21\n")).toEqual({ ok: false, line: 1, column: "file" });
    expect(parseTaxRatesCsv(`${header}\nES,*,*,*,21,IVA,1,0,1,\nES,*,*,*,abc,IVA,1,0,1,\n`)).toEqual({
      ok: false,
      line: 3,
      column: "Rate %",
    });
    expect(parseTaxRatesCsv(`${header}\nES,*,*,*,121,IVA,1,0,1,\n`)).toEqual({
      ok: false,
      line: 2,
      column: "Rate %",
    });
    expect(parseTaxRatesCsv(`${header}\nSPAIN,*,*,*,21,IVA,1,0,1,\n`)).toEqual({
      ok: false,
      line: 2,
      column: "Country code",
    });
    // A class is a slug or a name ("Reduced Rate" is reduced-rate, as WooCommerce reads it); one
    // with nothing to make a slug of is refused.
    expect(parseTaxRatesCsv(`${header}\nES,*,*,*,21,IVA,1,0,1,???\n`)).toEqual({
      ok: false,
      line: 2,
      column: "Tax class",
    });
    expect(parseTaxRatesCsv(`${header}\nES,*,*,*,21,IVA\n`)).toEqual({ ok: false, line: 2, column: "file" });
    expect(parseTaxRatesCsv(`${header}\nES,*,"unclosed`)).toEqual({ ok: false, line: 1, column: "file" });
  });
});

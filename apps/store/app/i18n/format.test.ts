import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPrice,
  type MoneyFormat,
  moneyFormatOf,
  rememberMoneyFormat,
} from "./format.ts";
import { countBuilt } from "./intl-counting.test-helper.ts";

const CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "MXN",
  "BRL",
  "CHF",
  "SEK",
  "INR",
  "CAD",
  "KWD",
  "CLP",
  "PLN",
];
const AMOUNTS = [
  0, 1, 5, 9, 10, 49, 50, 51, 99, 100, 101, 150, 250, 999, 1000, 1234, 99_999, 100_000, 123_456, 999_999,
  1_000_000, 1_234_567, 12_345_678, 123_456_789, 999_999_999_99, -1, -50, -150, -123_456, -1_234_567,
];

describe("money written without Intl", () => {
  it("writes every amount as Intl.NumberFormat writes cents / 100, in both languages, for currencies of 0, 2 and 3 decimals", () => {
    for (const locale of ["en", "es"] as const) {
      const intlLocale = locale === "en" ? "en-US" : "es-ES";
      for (const currency of CURRENCIES) {
        const intl = new Intl.NumberFormat(intlLocale, { style: "currency", currency });
        const format = moneyFormatOf(currency, locale);
        for (const cents of AMOUNTS) {
          expect(formatMoney(format, cents), `${locale} ${currency} ${cents}`).toBe(intl.format(cents / 100));
        }
      }
    }
  });

  it("reads what a language writes around and inside the number", () => {
    expect(moneyFormatOf("USD", "en")).toEqual({
      positive: ["$", ""],
      negative: ["-$", ""],
      group: ",",
      decimal: ".",
      fractionDigits: 2,
      groupFrom: 4,
    });
    const euro = moneyFormatOf("EUR", "es");
    expect([euro.group, euro.decimal, euro.groupFrom, euro.positive[1].trim()]).toEqual([".", ",", 5, "€"]);
    expect(formatPrice(123_456, "EUR", "es")).toBe(`1234,56${euro.positive[1]}`);
  });

  it("uses a format it was given (the server's, carried by the page) instead of reading its own", () => {
    const given: MoneyFormat = {
      ...moneyFormatOf("USD", "en"),
      positive: ["[", "]"],
      negative: ["(", ")"],
      group: "_",
      decimal: ";",
    };
    rememberMoneyFormat("XTS", "en", given);
    expect(formatPrice(123_456, "XTS", "en")).toBe("[1_234;56]");
    expect(formatPrice(-5, "XTS", "en")).toBe("(0;05)");
  });
});

describe("dates", () => {
  it("are written as Intl writes them, with one formatter per language and kind however many are written", () => {
    const expected = (iso: string, locale: "en" | "es", options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale === "en" ? "en-US" : "es-ES", { timeZone: "UTC", ...options }).format(
        new Date(iso),
      );
    const moments = Array.from({ length: 40 }, (_, day) =>
      new Date(Date.UTC(2025, 0, 1 + day * 9, day % 24, day)).toISOString(),
    );
    let written: Array<{ iso: string; locale: "en" | "es"; date: string; dateTime: string }> = [];
    const built = countBuilt("DateTimeFormat", () => {
      written = (["en", "es"] as const).flatMap((locale) =>
        moments.map((iso) => ({
          iso,
          locale,
          date: formatDate(iso, locale),
          dateTime: formatDateTime(iso, locale),
        })),
      );
    });
    expect(built).toBeLessThanOrEqual(4);
    expect(written).toHaveLength(80);
    for (const { iso, locale, date, dateTime } of written) {
      expect(date).toBe(expected(iso, locale, { dateStyle: "long" }));
      expect(dateTime).toBe(
        expected(iso, locale, {
          year: "numeric",
          month: "long",
          day: "numeric",
          hour: "numeric",
          minute: "2-digit",
          timeZoneName: "short",
        }),
      );
    }
    expect(formatDate("2025-03-01T10:00:00.000Z", "es")).toBe("1 de marzo de 2025");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { centsFromText, moneyText } from "../../lib/money-text.ts";
import { MoneyField } from "./money-field.tsx";

describe("money text, without floating point", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [1250, "12.50"],
    [123456789, "1234567.89"],
    [-5, "-0.05"],
  ])("%i cents are %s", (cents, text) => {
    expect(moneyText(cents)).toBe(text);
    expect(centsFromText(text)).toBe(cents);
  });

  it.each([
    ["12.5", 1250],
    ["3", 300],
    [" 0,99 ", 99],
    [".5", 50],
    ["0.295", 30],
    ["0.294", 29],
    ["1.10", 110],
    ["", null],
    ["abc", null],
    ["1.2.3", null],
    [".", null],
  ])("%j is %s cents", (text, cents) => {
    expect(centsFromText(text)).toBe(cents);
  });
});

describe("MoneyField", () => {
  it("shows the amount with two decimals, its currency in the label, and a described hint", () => {
    const html = renderToStaticMarkup(
      <MoneyField
        label="Regular price"
        name="regular_price"
        cents={1990}
        currency="EUR"
        hint="Before tax."
      />,
    );
    expect(html).toContain("Regular price (EUR)");
    expect(html).toMatch(/<input[^>]*type="number"[^>]*inputMode="decimal"[^>]*step="0.01"[^>]*min="0"/i);
    expect(html).toContain('value="19.90"');
    const described = html.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(`<p id="${described}" class="text-sm text-stone-600">Before tax.</p>`);
  });

  it("leaves an amount not set empty, and keeps a label that already names the currency", () => {
    const html = renderToStaticMarkup(
      <MoneyField label="Cost (USD)" name="cost" cents={null} currency="USD" required />,
    );
    expect(html).toContain("Cost (USD)<input");
    expect(html).toContain('value=""');
    expect(html).toContain('required=""');
  });
});

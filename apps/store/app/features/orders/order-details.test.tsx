import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { formatPrice } from "../../i18n/format.ts";
import { createI18n } from "../../i18n/i18n.ts";
import { NO_TOTALS } from "../../lib/cart.ts";
import { OrderLineTable } from "./order-details.tsx";

const line = (id: number, name: string, backordered: number) => ({
  id,
  name,
  quantity: 5,
  attributes: { Colour: "Red" },
  backordered,
  subtotal: 5000,
  subtotalTax: 0,
});

/** An order's lines as the receipt, My account's order and the back office's order page show them. */
function render(locale: "en" | "es") {
  const order = {
    total: 10000,
    totals: { ...NO_TOTALS, subtotal: 10000, total: 10000 },
    lines: [line(1, "Kettle", 3), line(2, "Mug", 0)],
  };
  const Stub = createRoutesStub([
    {
      path: "/order",
      Component: () => (
        <OrderLineTable
          order={order}
          money={(cents) => formatPrice(cents, "USD", locale)}
          className="order_details"
          amountHeading="Total"
        />
      ),
    },
  ]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(locale)}>
      <Stub initialEntries={["/order"]} />
    </I18nextProvider>,
  );
}

describe("an order's lines", () => {
  it.each([
    ["en", "Colour: Red, Backordered: 3"],
    ["es", "Colour: Red, Reservado: 3"],
  ] as const)(
    "show in %s how many of a line were backordered, with its other meta (decision 0080)",
    (locale, meta) => {
      const rows = [...render(locale).matchAll(/<tr class="[^"]*"><td[^>]*>(.*?)<\/td>/g)].map(
        (row) => row[1],
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain(`<span class="block text-xs text-stone-600">${meta}</span>`);
      // A line that took nothing beyond the stock says nothing of it.
      expect(rows[1]).toContain('<span class="block text-xs text-stone-600">Colour: Red</span>');
    },
  );
});

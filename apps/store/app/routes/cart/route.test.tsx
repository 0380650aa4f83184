import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { attributesById } from "../../components/ui/markup.test-helper.ts";
import { formatPrice } from "../../i18n/format.ts";
import { createI18n } from "../../i18n/i18n.ts";
import { type CartLineView, type CartView, emptyCart, NO_TOTALS } from "../../lib/cart.ts";
import CartRoute from "./route.tsx";

const line = (key: string, name: string, quantity: number, unitPrice: number): CartLineView => ({
  key,
  productId: 1,
  variationId: null,
  slug: name.toLowerCase().replaceAll(" ", "-"),
  name,
  attributes: [],
  image: null,
  unitPrice,
  regularPrice: unitPrice,
  quantity,
  maxQuantity: 10,
  stockQuantity: 10,
  backorders: "no",
  lowStockRemaining: null,
  total: unitPrice * quantity,
  taxStatus: "taxable",
  taxClass: "",
  shippingClassId: null,
  virtual: false,
  displayPrice: unitPrice,
  subtotal: unitPrice * quantity,
  subtotalTax: 0,
  discountedTotal: 0,
  discountedTax: 0,
});

const cart: CartView = {
  hash: "abc",
  itemCount: 3,
  subtotal: 5400,
  total: 5400,
  totals: { ...NO_TOTALS, subtotal: 5400, total: 5400 },
  coupons: [],
  freeShipping: false,
  needsShipping: true,
  lines: [
    { ...line("k1", "Canvas tote", 2, 1800), attributes: [{ label: "Colour", value: "Sand" }] },
    line("k2", "Enamel mug", 1, 1800),
  ],
};

/** The real cart page, rendered from the given loader data. */
function renderCart(data: { cart: CartView }, locale: "en" | "es" = "en") {
  const Stub = createRoutesStub([{ id: "cart", path: "/cart", Component: CartRoute }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(locale)}>
      <Stub
        initialEntries={["/cart"]}
        hydrationData={{ loaderData: { cart: { crossSells: [], ...data } } }}
      />
    </I18nextProvider>,
  );
}

const usd = (cents: number) => formatPrice(cents, "USD", "en");

describe("cart page", () => {
  const html = renderCart({ cart });
  const rows = [...html.matchAll(/<tr class="cart_item[^"]*" data-cart-item-key="([^"]+)">(.*?)<\/tr>/g)];

  it("renders one row per line, in order, linking to the product", () => {
    expect(html).toMatch(/<h1[^>]*>Cart<\/h1>/);
    expect(rows.map((row) => row[1])).toEqual(["k1", "k2"]);
    expect(rows[0]![2]).toMatch(/<a [^>]*href="\/product\/canvas-tote"[^>]*>Canvas tote<\/a>/);
    expect(rows[0]![2]).toContain("<dt>Colour:</dt><dd>Sand</dd>");
    expect(rows[1]![2]).toContain(">Enamel mug</a>");
  });

  it("gives each line a labelled quantity field, a remove button and its prices", () => {
    const first = rows[0]![2];
    expect(first).toContain('<label for="qty-k1" class="sr-only">Canvas tote quantity</label>');
    expect(attributesById(html, "qty-k1")).toMatchObject({
      name: "cart[k1][qty]",
      type: "number",
      value: "2",
    });
    expect(first).toContain('aria-label="Remove Canvas tote from cart"');
    expect(first).toContain(`<td class="product-price py-3">${usd(1800)}</td>`);
    expect(first).toContain(`<td class="product-subtotal py-3 text-right">${usd(3600)}</td>`);
  });

  it("shows the totals and the way to checkout", () => {
    expect(html).toMatch(
      new RegExp(`<dt>Total</dt><dd class="text-right">${usd(5400).replace("$", "\\$")}</dd>`),
    );
    expect(html.match(/href="\/checkout"[^>]*>Proceed to checkout<\/a>/g)).toHaveLength(2);
  });

  it.each([
    ["en", "Available on backorder"],
    ["es", "Disponible para reserva"],
  ] as const)(
    "says %s that a line ordered beyond the stock is on backorder, where the customer is told",
    (locale, words) => {
      // Two wanted, one left: one on backorder, said so for "notify", not for "yes" (decision 0080).
      const backordered = { ...line("k3", "Kettle", 2, 2000), stockQuantity: 1, maxQuantity: null };
      const html = renderCart(
        {
          cart: {
            ...cart,
            lines: [
              { ...backordered, backorders: "notify" },
              { ...backordered, key: "k4", backorders: "yes" },
              { ...backordered, key: "k5", backorders: "notify", quantity: 1 },
            ],
          },
        },
        locale,
      );
      const notices = [...html.matchAll(/data-cart-item-key="([^"]+)">(.*?)<\/tr>/g)].map((row) => [
        row[1],
        row[2]!.includes(`<p class="backorder_notification text-sm text-sky-800">${words}</p>`),
      ]);
      expect(notices).toEqual([
        ["k3", true],
        ["k4", false],
        ["k5", false],
      ]);
    },
  );

  it("says the cart is empty when it is", () => {
    const empty = renderCart({ cart: emptyCart });
    expect(empty).toContain("Your cart is currently empty.");
    expect(empty).not.toContain("cart_item");
    expect(empty).toMatch(/<a [^>]*href="\/shop"[^>]*>Return to shop<\/a>/);
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { attributesById } from "../../components/ui/markup.test-helper.ts";
import { createI18n } from "../../i18n/i18n.ts";
import { type CartView, NO_TOTALS } from "../../lib/cart.ts";
import { TAX_SETTINGS_DEFAULTS } from "../../lib/tax-settings.ts";
import CheckoutRoute from "./route.tsx";

const cart: CartView = {
  hash: "h1",
  itemCount: 2,
  subtotal: 3600,
  total: 3600,
  lines: [
    {
      key: "line-1",
      productId: 7,
      variationId: null,
      slug: "canvas-tote",
      name: "Canvas tote",
      attributes: [],
      image: null,
      unitPrice: 1800,
      regularPrice: 1800,
      quantity: 2,
      maxQuantity: null,
      stockQuantity: null,
      backorders: "no",
      lowStockRemaining: null,
      total: 3600,
      taxStatus: "taxable",
      taxClass: "",
      shippingClassId: null,
      virtual: false,
      displayPrice: 1800,
      subtotal: 3600,
      subtotalTax: 0,
      discountedTotal: 0,
      discountedTax: 0,
    },
  ],
  totals: { ...NO_TOTALS, subtotal: 3600, total: 3600 },
  coupons: [],
  freeShipping: false,
  needsShipping: true,
};

const loaderData = {
  saved: {},
  userId: 0,
  cart,
  countries: { US: ["CA", "NY"], DE: [] },
  shippingZones: [
    {
      id: 0,
      order: 0,
      locations: [],
      rates: [{ id: "flat_rate:1", label: "Flat rate", cost: 500, taxable: true }],
    },
  ],
  // No tax: the form's totals are the lines and the chosen rate.
  pricing: {
    lines: [
      {
        key: "line-1",
        productId: 7,
        variationId: null,
        categoryIds: [],
        quantity: 2,
        unitPrice: 1800,
        regularPrice: 1800,
        onSale: false,
        taxStatus: "taxable",
        taxClass: "",
        needsShipping: true,
        shippingClassId: null,
        virtual: false,
      },
    ],
    coupons: [],
    rates: [],
    baseLocation: { country: "US", state: "CA", postcode: "", city: "" },
    settings: { ...TAX_SETTINGS_DEFAULTS, enabled: false },
  },
  paymentMethods: [
    { id: "cod", titleKey: "checkout.payment.cod.title", descriptionKey: "checkout.payment.cod.description" },
  ],
  terms: {
    href: "/terms-of-sale",
    title: "Terms of sale",
    sections: [{ id: 1, title: "Returns", body: [[{ t: "text" as const, text: "Within 30 days." }]] }],
  },
  nonce: "nonce",
  attempt: "attempt",
};

/** The real checkout page, rendered as the server would after a refused form post. */
function renderCheckout(
  actionData: unknown,
  data: Record<string, unknown> = loaderData,
  locale: "en" | "es" = "en",
) {
  const Stub = createRoutesStub([{ id: "checkout", path: "/checkout", Component: CheckoutRoute }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(locale)}>
      <Stub
        initialEntries={["/checkout"]}
        hydrationData={{ loaderData: { checkout: data }, actionData: { checkout: actionData } }}
      />
    </I18nextProvider>,
  );
}

describe("checkout page", () => {
  const html = renderCheckout({
    errors: { billing_email: "checkout.errors.email", terms: "checkout.errors.terms" },
    notice: null,
    values: { billing_email: "not-an-address", billing_first_name: "Ada" },
  });

  it("lists the action's errors in an alert, each linking to its field", () => {
    const alert = html.match(/<div role="alert"[^>]*>(.*?)<\/div>/)?.[1] ?? "";
    expect(alert).toContain("Please correct the following:");
    expect(alert).toContain(
      '<a href="#billing_email" class="underline">Email address: Please enter a valid email address.</a>',
    );
    expect(alert).toContain('<a href="#terms" class="underline">Terms and conditions: ');
    expect(alert.match(/<li>/g)).toHaveLength(2);
  });

  it("marks each field with an error invalid and describes it by its message", () => {
    expect(attributesById(html, "billing_email")).toMatchObject({
      name: "billing_email",
      value: "not-an-address",
      "aria-invalid": "true",
      "aria-describedby": "billing_email-error",
    });
    expect(html).toMatch(/<label for="billing_email"[^>]*>Email address/);
    expect(html).toMatch(/<p id="billing_email-error"[^>]*>Please enter a valid email address\.<\/p>/);
    expect(attributesById(html, "terms")).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "terms-error",
    });
    expect(html).toMatch(/<p id="terms-error"[^>]*>Please read and accept the terms/);
  });

  it("leaves fields without an error alone, keeping the values sent", () => {
    const phone = attributesById(html, "billing_phone");
    expect(phone["aria-invalid"]).toBeUndefined();
    expect(phone["aria-describedby"]).toBeUndefined();
    expect(attributesById(html, "billing_first_name").value).toBe("Ada");
    expect(html).not.toContain('id="billing_phone-error"');
  });

  it("asks to accept the store's terms page, linked; with no terms page, no checkbox (decision 0064)", () => {
    expect(html).toMatch(
      /<a href="\/terms-of-sale" target="_blank" rel="noopener" aria-haspopup="dialog"[^>]*>terms and conditions<\/a>/,
    );
    expect(html).toContain("I have read and agree to the website terms and conditions");
    const none = renderCheckout(undefined, { ...loaderData, terms: null });
    expect(none).not.toContain('name="terms"');
    expect(none).not.toContain("terms and conditions");
    expect(none).toMatch(/id="place_order"/);
  });

  it("shows no summary before anything was submitted", () => {
    const fresh = renderCheckout(undefined);
    expect(fresh).not.toContain('role="alert"');
    expect(fresh).not.toContain('aria-invalid="');
    expect(attributesById(fresh, "billing_email")["aria-invalid"]).toBeUndefined();
    expect(fresh).toMatch(/<button [^>]*id="place_order"[^>]*>Place order<\/button>/);
    expect(fresh).toContain("Canvas tote <strong>× 2</strong>");
  });

  it.each([
    ["en", "Available on backorder"],
    ["es", "Disponible para reserva"],
  ] as const)(
    "says %s under a line ordered beyond the stock that it is on backorder, as the Checkout block's summary does",
    (locale, words) => {
      const notice = `<span class="backorder_notification block text-xs text-sky-800">${words}</span>`;
      const backordered = { ...cart.lines[0]!, stockQuantity: 1, backorders: "notify" as const };
      const told = renderCheckout(
        undefined,
        { ...loaderData, cart: { ...cart, lines: [backordered] } },
        locale,
      );
      expect(told).toContain(notice);
      // Within the stock, or sold on backorder without telling ("yes"): nothing said.
      expect(renderCheckout(undefined, loaderData, locale)).not.toContain("backorder_notification");
      const silent = { ...backordered, backorders: "yes" as const };
      expect(
        renderCheckout(undefined, { ...loaderData, cart: { ...cart, lines: [silent] } }, locale),
      ).not.toContain("backorder_notification");
    },
  );

  it.each([
    ["en", "There are no shipping options available."],
    ["es", "No hay opciones de envío disponibles."],
  ] as const)(
    "says in %s that no shipping option is available when the zone holding the address has none, as WooCommerce does",
    (locale, words) => {
      const noRates = { ...loaderData, shippingZones: [{ id: 0, order: 0, locations: [], rates: [] }] };
      const told = renderCheckout(undefined, noRates, locale);
      const legend = told.indexOf('id="shipping_method"');
      expect(legend).toBeGreaterThan(-1);
      expect(told.slice(legend)).toMatch(new RegExp(`<p[^>]*>${words} [^<]+</p>`));
      expect(renderCheckout(undefined, loaderData, locale)).not.toContain(words);
    },
  );

  it("shows the totals the engine computes for the first rate of the zone holding the address", () => {
    const fresh = renderCheckout(undefined);
    // 2 × 18.00, and the flat rate's 5.00: 41.00.
    expect(fresh).toMatch(/<th scope="row"[^>]*>Shipping<\/th><td[^>]*>\$5\.00 via Flat rate<\/td>/);
    expect(fresh).toMatch(
      /<tr class="order-total[^"]*"><th scope="row"[^>]*>Total<\/th><td[^>]*>\$41\.00<\/td>/,
    );
  });
});

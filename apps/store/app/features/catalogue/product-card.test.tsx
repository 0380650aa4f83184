import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/i18n.ts";
import type { ProductCard as Card, ProductType } from "../../lib/catalogue.ts";
import { ProductCard } from "./product-card.tsx";

const card = (type: ProductType): Card => ({
  id: 7,
  slug: `a-${type}`,
  type,
  name: `A ${type} product`,
  shortDescription: "",
  price: { regular: 1000, sale: null, min: 1000, max: 1000 },
  stock: { state: "instock", quantity: null },
  averageRating: 0,
  reviewCount: 0,
  image: null,
});

function render(product: Card) {
  const Stub = createRoutesStub([{ path: "/shop", Component: () => <ProductCard product={product} /> }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n("en")}>
      <Stub initialEntries={["/shop"]} />
    </I18nextProvider>,
  );
}

describe("a product card's quick view", () => {
  it.each(["simple", "variable"] as const)("is offered for a %s product, whose form it shows", (type) => {
    expect(render(card(type))).toContain('class="quick-view');
  });

  // The quick view holds the add-to-cart form of a simple or variable product; a grouped product's
  // children and an external product's link are on their own page, where the card's button leads.
  it.each(["grouped", "external"] as const)("is not offered for a %s product", (type) => {
    const html = render(card(type));
    expect(html).not.toContain('class="quick-view');
    expect(html).toContain(`href="/product/a-${type}"`);
  });
});

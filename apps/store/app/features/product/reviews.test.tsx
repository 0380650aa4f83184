import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/i18n.ts";
import type { ReviewView } from "../../lib/catalogue.ts";
import { ReviewsSection } from "./reviews.tsx";

function render(reviews: ReviewView[]) {
  const Stub = createRoutesStub([
    {
      path: "/product/mug",
      Component: () => (
        <ReviewsSection
          productName="Mug"
          reviews={reviews}
          guestsMayReview
          signedIn={false}
          notice={null}
          form={undefined}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n("en")}>
      <Stub initialEntries={["/product/mug"]} />
    </I18nextProvider>,
  );
}

describe("a product's reviews", () => {
  it("keeps the lines a shopper wrote in a review, as the store's reply does", () => {
    const html = render([
      {
        id: 3,
        author: "Ana",
        rating: 4,
        body: "Pros: holds a <b>lot</b>.\nCons: heavy.",
        date: "2026-01-02T10:00:00.000Z",
        dateText: "2 January 2026",
        reply: "Thank you!\nWe are on it.",
      },
    ]);
    // Shown as typed: its line breaks kept, its text escaped.
    expect(html).toMatch(
      /<p class="[^"]*\bwhitespace-pre-line\b[^"]*">Pros: holds a &lt;b&gt;lot&lt;\/b&gt;.\nCons: heavy.<\/p>/,
    );
    expect(html).toMatch(/<p class="[^"]*\bwhitespace-pre-line\b[^"]*">Thank you!\nWe are on it.<\/p>/);
  });
});

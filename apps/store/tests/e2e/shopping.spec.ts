import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

const texts = {
  en: { addToCart: "Add to cart", cart: /^Cart/, added: /has been added to your cart/, total: "Total" },
  es: {
    addToCart: "Añadir al carrito",
    cart: /^Carrito/,
    added: /se ha añadido a tu carrito/,
    total: "Total",
  },
} as const;

async function chooseLanguage(page: Page, lang: "en" | "es") {
  if (lang === "es") {
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  }
}

for (const javaScriptEnabled of [true, false]) {
  for (const lang of ["en", "es"] as const) {
    test.describe(`browse and buy, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${lang}`, () => {
      test.use({ javaScriptEnabled });

      test("home → category → product → add to cart → cart shows the line", async ({ page }) => {
        const t = texts[lang];
        await page.goto("/");
        await chooseLanguage(page, lang);
        if (javaScriptEnabled) await hydrated(page);

        // Home → the first category of the main menu that has a product to add straight away.
        const menu = page.getByRole("navigation", { name: lang === "en" ? "Main menu" : "Menú principal" });
        const links = menu.locator(":scope > ul > li > a");
        const addButtons = page.locator("li.product-small").getByRole("button", { name: t.addToCart });
        for (let i = 1; i < (await links.count()); i++) {
          const category = links.nth(i);
          const categoryName = ((await category.textContent()) ?? "").trim();
          await category.click();
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(categoryName);
          if ((await addButtons.count()) > 0) break;
        }

        // Category → that product's page.
        const card = page
          .locator("li.product-small")
          .filter({ has: page.getByRole("button", { name: t.addToCart }) })
          .first();
        const title = card.locator(".product-title a");
        const productName = ((await title.textContent()) ?? "").trim();
        await title.click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(productName);

        // Product → add two to the cart.
        await page.getByRole("spinbutton", { name: lang === "en" ? "Quantity" : "Cantidad" }).fill("2");
        await page.locator("form.cart").getByRole("button", { name: t.addToCart }).click();
        await expect(page.getByText(t.added)).toBeVisible();
        await expect(page.getByRole("link", { name: t.cart }).first()).toContainText("(2)");

        // Cart → the line with its quantity and totals.
        await page.getByRole("link", { name: t.cart }).first().click();
        const row = page.locator("tr.cart_item");
        await expect(row).toHaveCount(1);
        await expect(row.getByRole("link", { name: productName })).toBeVisible();
        await expect(row.getByRole("spinbutton")).toHaveValue("2");
        await expect(page.locator(".order-total")).toContainText(t.total);
      });
    });
  }
}

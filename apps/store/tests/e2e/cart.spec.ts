import type { Locator } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`cart with plain forms, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("changes a quantity, removes a line, and shows the empty cart", async ({ page }) => {
      await page.goto("/shop?orderby=price-desc");
      if (javaScriptEnabled) await hydrated(page);
      const buttons = page.locator("li.product-small").getByRole("button", { name: /^Add to cart: / });
      await buttons.nth(0).click();
      await expect(page.getByText(/has been added to your cart/)).toBeVisible();
      await page
        .locator("li.product-small")
        .getByRole("button", { name: /^Add to cart: / })
        .nth(1)
        .click();
      await expect(page.getByRole("link", { name: /^Cart/ }).first()).toContainText("(2)");

      await page.goto("/cart");
      const rows = page.locator("tr.cart_item");
      await expect(rows).toHaveCount(2);
      const firstName = ((await rows.nth(0).locator(".product-name a").textContent()) ?? "").trim();
      await rows.nth(0).getByRole("spinbutton").fill("3");
      await page.getByRole("button", { name: "Update cart" }).click();
      await expect(page.getByText("Cart updated.")).toBeVisible();
      await expect(page.locator("tr.cart_item").nth(0).getByRole("spinbutton")).toHaveValue("3");
      await expect(page.getByRole("link", { name: /^Cart/ }).first()).toContainText("(4)");

      await page.getByRole("button", { name: `Remove ${firstName} from cart` }).click();
      await expect(page.getByText(`“${firstName}” removed.`)).toBeVisible();
      await expect(page.locator("tr.cart_item")).toHaveCount(1);

      await page
        .locator("tr.cart_item")
        .getByRole("button", { name: /^Remove/ })
        .click();
      await expect(page.getByText("Your cart is currently empty.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to shop" })).toHaveAttribute("href", "/shop");
    });
  });
}

test("an out-of-stock product cannot be added, and too many of a product says how many are left", async ({
  page,
  request,
}) => {
  await page.goto("/shop");
  // Find an out-of-stock simple product and a low-stock one through the listing pages.
  let soldOut: string | undefined;
  let lowStock: { href: string; left: number } | undefined;
  for (let n = 1; n <= 8 && (!soldOut || !lowStock); n++) {
    const html = await (await request.get(n === 1 ? "/shop" : `/shop/page/${n}`)).text();
    for (const card of html.split('<li class="product-small').slice(1)) {
      const href = card.match(/href="(\/product\/[^"]+)"/)?.[1];
      if (!href) continue;
      if (!soldOut && card.includes("stock outofstock") && card.includes("Out of stock</a>")) soldOut = href;
      const left = card.match(/Only (\d+) left in stock/);
      if (!lowStock && left && card.includes("Add to cart")) lowStock = { href, left: Number(left[1]) };
    }
  }
  expect(soldOut).toBeDefined();
  expect(lowStock).toBeDefined();

  await page.goto(soldOut!);
  await expect(page.locator(".summary .stock")).toHaveText("Out of stock");
  await expect(page.locator("form.cart").getByRole("button", { name: "Add to cart" })).toBeDisabled();

  await page.goto(lowStock!.href);
  await page
    .getByRole("spinbutton", { name: "Quantity" })
    .evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(lowStock!.left + 1));
  await page.locator("form.cart").getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("alert")).toContainText(`not enough stock (${lowStock!.left} remaining)`);
  await expect(page.getByRole("link", { name: /^Cart/ }).first()).toContainText("(0)");
});

test("a variable product is bought by choosing its options, kept in the address", async ({ page }) => {
  await page.goto("/shop");
  const variable = page
    .locator("li.product-small")
    .filter({ has: page.getByRole("link", { name: /^Select options for / }) });
  await variable.locator(".product-title a").first().click();
  const add = page.locator("form.cart").getByRole("button", { name: "Add to cart" });
  await expect(add).toBeDisabled();
  const selects = page.locator("form.variations_form select");
  const count = await selects.count();
  expect(count).toBeGreaterThan(0);
  const optionsOf = (select: Locator) =>
    select
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  /** The address once every choice has reached it, in the selects' order. */
  const addressOf = (choices: [string, string][]) =>
    new RegExp(`\\?${choices.map(([name, value]) => `${name}=${value}`).join("&")}$`);
  const choices: [string, string][] = [];
  for (let i = 0; i < count; i++) {
    const value = (await optionsOf(selects.nth(i)))[0]!;
    await selects.nth(i).selectOption(value);
    choices.push([(await selects.nth(i).getAttribute("name"))!, value]);
  }
  // Once the page shows what the address chose (not "please select"), the first combination may
  // turn out sold out; then the last choice's second option is taken.
  const incomplete = page
    .locator("form.variations_form")
    .getByText("Please select some product options before adding");
  await expect(page).toHaveURL(addressOf(choices));
  await expect(incomplete).toBeHidden();
  if (await add.isDisabled()) {
    const value = (await optionsOf(selects.nth(count - 1)))[1]!;
    await selects.nth(count - 1).selectOption(value);
    choices[count - 1] = [choices[count - 1]![0], value];
    await expect(page).toHaveURL(addressOf(choices));
    await expect(incomplete).toBeHidden();
  }
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText(/has been added to your cart/)).toBeVisible();
  await page.goto("/cart");
  await expect(page.locator("tr.cart_item dl")).toBeVisible();
});

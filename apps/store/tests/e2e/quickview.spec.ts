import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { axe } from "./support.ts";

/** Quick view on product cards (spec §2, §3 "Quick-view request", §5; CONTRACTS.md `vitrine_quickview`). */

async function openShop(page: Page, path = "/shop") {
  await page.goto(path);
  await expect(page.getByRole("button", { name: /^Quick view: / }).first()).toBeVisible();
}

function cardWith(page: Page, kind: "simple" | "variable") {
  const cards = page.locator("li.product-small");
  return kind === "variable"
    ? cards.filter({ hasText: "Select options" }).first()
    : cards.filter({ has: page.getByRole("button", { name: "Add to cart" }) }).first();
}

test("quick view shows the slider, the variation form and the quantity, and gives focus back to the card's title link", async ({
  page,
}) => {
  const dialogChunks: string[] = [];
  page.on("request", (request) => {
    if (/quickview-dialog-[\w-]+\.js$/.test(request.url())) dialogChunks.push(request.url());
  });
  await openShop(page);
  expect(dialogChunks).toHaveLength(0);
  const card = cardWith(page, "variable");
  const title = card.locator(".product-title a");
  const name = (await title.textContent())!.trim();

  const answer = page.waitForResponse(
    (response) => response.url().endsWith("/ajax") && response.request().method() === "POST",
  );
  await card.getByRole("button", { name: `Quick view: ${name}` }).click();
  const response = await answer;
  expect(response.request().postData()).toMatch(/action=vitrine_quickview&product=\d+/);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  expect(dialogChunks).toHaveLength(1);

  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Product images" })).toBeVisible();
  // A variable product shows one picture per colour.
  await expect(dialog.getByRole("group", { name: /^Image 1 of [23]$/ })).toBeVisible();
  await expect(dialog.getByLabel("Colour", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
  await dialog.getByRole("button", { name: "Increase Quantity" }).click();
  await expect(dialog.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");

  // The variation form decides, as on the product page.
  const add = dialog.getByRole("button", { name: "Add to cart" });
  await expect(add).toBeDisabled();
  const main = dialog.getByRole("group", { name: /^Image 1 of [23]$/ }).locator("img");
  const original = await main.getAttribute("src");
  const colour = dialog.getByLabel("Colour", { exact: true });
  const options = await colour
    .locator("option")
    .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  await colour.selectOption(options[1]!);
  await dialog.getByLabel("Size", { exact: true }).selectOption({ index: 1 });
  await expect(main).not.toHaveAttribute("src", original!);
  await expect(add).toBeEnabled();
  await dialog.getByRole("button", { name: "Clear" }).click();
  await expect(main).toHaveAttribute("src", original!);
  await expect(add).toBeDisabled();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(title).toBeFocused();
});

test("closing with the close button also returns focus to the title link", async ({ page }) => {
  await openShop(page);
  const card = cardWith(page, "simple");
  await card.getByRole("button", { name: /^Quick view: / }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("spinbutton", { name: "Quantity" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close quick view" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator(".product-title a")).toBeFocused();
});

test("add to cart in quick view posts to the cart like the product page", async ({ page }) => {
  await openShop(page);
  const card = cardWith(page, "simple");
  const name = (await card.locator(".product-title a").textContent())!.trim();
  await card.getByRole("button", { name: /^Quick view: / }).click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.getByRole("spinbutton", { name: "Quantity" }).fill("3");
  await dialog.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(/has been added to your cart/)).toBeVisible();
  await page.goto("/cart");
  await expect(page.locator("tr.cart_item").filter({ hasText: name }).getByRole("spinbutton")).toHaveValue(
    "3",
  );
});

test("an empty product id does nothing: no request, no dialog", async ({ page }) => {
  await openShop(page);
  const ajax: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/ajax")) ajax.push(request.url());
  });
  const button = page.getByRole("button", { name: /^Quick view: / }).first();
  await button.evaluate((element) => element.setAttribute("data-product-id", ""));
  await button.click();
  // A real quick view on another card proves clicks are handled; the emptied one sent nothing.
  const other = page.getByRole("button", { name: /^Quick view: / }).nth(1);
  await other.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(ajax).toHaveLength(1);
});

test("the call answers the lightbox HTML in the shopper's language, with its data as JSON; garbage is a 4xx", async ({
  request,
  page,
}) => {
  await openShop(page);
  const id = await page
    .getByRole("button", { name: /^Quick view: / })
    .first()
    .getAttribute("data-product-id");
  const english = await request.post("/ajax", { form: { action: "vitrine_quickview", product: id! } });
  expect(english.status()).toBe(200);
  expect(english.headers()["content-type"]).toMatch(/^text\/html/);
  const html = await english.text();
  expect(html).toContain(`data-product-id="${id}"`);
  expect(html).toContain('<script type="application/json" id="vitrine-quickview-data">');
  expect(html).toContain("Add to cart");

  const spanish = await request.post("/ajax", {
    form: { action: "vitrine_quickview", product: id! },
    headers: { Cookie: "googtrans=/en/es" },
  });
  expect(await spanish.text()).toContain("Añadir al carrito");

  for (const product of ["", "abc", "-1", "0"]) {
    const answer = await request.post("/ajax", { form: { action: "vitrine_quickview", product } });
    expect(answer.status()).toBe(400);
  }
  expect(
    (await request.post("/ajax", { form: { action: "vitrine_quickview", product: "99999999" } })).status(),
  ).toBe(404);
  expect((await request.get(`/ajax?action=vitrine_quickview&product=${id}`)).status()).toBe(405);
});

test("axe finds no serious or critical issue in an open quick view", async ({ page }) => {
  await openShop(page);
  await cardWith(page, "variable")
    .getByRole("button", { name: /^Quick view: / })
    .click();
  await expect(page.getByRole("dialog").getByLabel("Colour", { exact: true })).toBeVisible();
  const results = await axe(page, '[role="dialog"]').analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

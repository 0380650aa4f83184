import { expect, test } from "./fixtures.ts";

/** The HTTP surface's tests that need no page are HTTP tests: tests/http/http-surface.test.ts. */

test("unknown pages, products, categories and page numbers are 404s through the error boundary", async ({
  page,
  request,
}) => {
  for (const url of [
    "/no-such-page",
    "/product/no-such-product",
    "/product-category/nope",
    "/shop/page/999",
    "/shop/page/abc",
  ]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
  }
  await page.goto("/product/no-such-product");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
});

test("the page language comes from the translation cookie", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "googtrans", value: "/en/es", url: baseURL! }]);
  await page.goto("/cart");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByText("Tu carrito está vacío.")).toBeVisible();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByText("Your cart is currently empty.")).toBeVisible();
});

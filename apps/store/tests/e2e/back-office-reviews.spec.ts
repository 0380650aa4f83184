import type { Browser, Page } from "@playwright/test";
import { ADMIN, bearer, DEMO_STORE, expect, test } from "./fixtures.ts";
import { backOfficeHydrated, seriousViolations, signInByForm, uniqueSuffix } from "./support.ts";

/**
 * Review moderation (issue 39, decision 0057), on the worker's demo store: approving a review
 * changes what its product's pages show, so it does not happen on the store other tests read.
 */
const PRODUCT = "/product/heritage-cotton-sweater";

type Review = { id: number; product_id: number; rating: number; reviewer: string; status: string };

/** A guest reviews the product through the plain form (without JavaScript), which keeps it waiting. */
async function guestReview(browser: Browser, origin: string, name: string, stars: number, text: string) {
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${PRODUCT}#reviews`);
  const form = page.locator("form.comment-form");
  await form.getByRole("radio", { name: `${stars} star${stars === 1 ? "" : "s"}` }).check();
  await form.getByLabel("Your review").fill(text);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(`${name.toLowerCase().replace(/\W+/g, "-")}@example.com`);
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/review=pending#reviews$/);
  await context.close();
}

/** The product page's rating, as screen readers read it, in `language`. */
async function ratingOnPage(browser: Browser, origin: string, language: "en" | "es") {
  const context = await browser.newContext({ baseURL: origin });
  if (language === "es") await context.addCookies([{ name: "googtrans", value: "/en/es", url: origin }]);
  const page = await context.newPage();
  await page.goto(PRODUCT);
  return { page, close: () => context.close() };
}

test("a moderator approves a review waiting and replies to it, which the product page then shows with the new average in both languages, and marks another as spam", async ({
  browser,
  request,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin } = await sharedStore(DEMO_STORE);
  const suffix = uniqueSuffix();
  const kind = `Rosa ${suffix}`;
  const unkind = `Tomas ${suffix}`;
  await guestReview(browser, origin, kind, 5, `Warm all winter (${suffix}).`);
  await guestReview(browser, origin, unkind, 1, `Not what I ordered (${suffix}).`);

  // What the average will be: the approved reviews' ratings and the new five stars.
  const issued = await request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN });
  const headers = bearer(((await issued.json()) as { token: string }).token);
  const waiting = (await (
    await request.get(`${origin}/api/vitrine/v2/products/reviews?status=hold&search=${suffix}`, { headers })
  ).json()) as Review[];
  expect(waiting.map((review) => review.reviewer).sort()).toEqual([kind, unkind]);
  const productId = waiting[0]!.product_id;
  const approved = (await (
    await request.get(
      `${origin}/api/vitrine/v2/products/reviews?status=approved&product=${productId}&per_page=100`,
      { headers },
    )
  ).json()) as Review[];
  const ratings = [...approved.map((review) => review.rating), 5];
  const average = (ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length).toFixed(2);

  const moderator = await (await browser.newContext({ baseURL: origin })).newPage();
  await signInByForm(moderator, ADMIN);
  await moderator.goto("/admin");
  const nav = moderator.getByRole("navigation", { name: "Back office" });
  await nav.getByRole("link", { name: /^Reviews \d+ waiting$/ }).click();
  await expect(moderator.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  await expect(moderator.getByRole("link", { name: /^Pending \(\d+\)$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await backOfficeHydrated(moderator);
  const row = (name: string) => moderator.locator("tr.review-row").filter({ hasText: name });
  await expect(row(kind)).toContainText("5 out of 5");
  expect(await seriousViolations(moderator)).toEqual([]);

  await row(kind)
    .getByRole("button", { name: `Approve: the review by ${kind}` })
    .click();
  await expect(moderator.getByRole("status").filter({ hasText: "Approve: 1 review." })).toBeVisible();
  await expect(row(kind)).toHaveCount(0);

  // Several at once: the ticked reviews, by the bulk action.
  await moderator.getByRole("checkbox", { name: `Select the review by ${unkind}` }).check();
  await moderator.getByLabel("Bulk action").selectOption({ label: "Mark as spam" });
  await moderator.getByRole("button", { name: "Apply" }).click();
  await expect(moderator.getByRole("status").filter({ hasText: "Mark as spam: 1 review." })).toBeVisible();
  await expect(row(unkind)).toHaveCount(0);
  // A reply as the store, to the approved review.
  await moderator.getByRole("link", { name: /^Approved \(\d+\)$/ }).click();
  await row(kind).getByText("Reply as the store").click();
  await row(kind).getByLabel(`The store's reply to ${kind}`).fill(`Thank you, ${kind}!`);
  await row(kind).getByRole("button", { name: "Save the reply" }).click();
  await expect(
    moderator.getByRole("status").filter({ hasText: `The reply to ${kind} is saved.` }),
  ).toBeVisible();
  await moderator.getByRole("link", { name: /^Spam \(\d+\)$/ }).click();
  await expect(row(unkind)).toBeVisible();
  await expect(row(unkind).getByRole("button", { name: `Not spam: the review by ${unkind}` })).toBeVisible();

  for (const [language, rated, replied] of [
    ["en", `Rated ${average} out of 5`, "The store replied"],
    ["es", `Valorado con ${average} de 5`, "Respuesta de la tienda"],
  ] as const) {
    const { page, close } = await ratingOnPage(browser, origin, language);
    await expect(page.locator(".summary")).toContainText(rated);
    await expect(page.locator("#reviews")).toContainText(`Warm all winter (${suffix}).`);
    const reply = page
      .locator("#reviews li")
      .filter({ hasText: `Warm all winter (${suffix}).` })
      .locator(".store-reply");
    await expect(reply).toContainText(replied);
    await expect(reply).toContainText(`Thank you, ${kind}!`);
    await expect(page.locator("#reviews")).not.toContainText(`Not what I ordered (${suffix}).`);
    await close();
  }
  await moderator.context().close();
});

test("the queue in Spanish: an empty tab says so", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: "googtrans", value: "/en/es", url: baseURL! }]);
  const page: Page = await context.newPage();
  await signInByForm(page, ADMIN);
  await page.goto("/admin/reviews?status=trash");
  await expect(page.getByRole("heading", { level: 1, name: "Valoraciones" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Papelera \(\d+\)$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText("No hay valoraciones aquí.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

import AxeBuilder from "@axe-core/playwright";
import { chromium, expect, type Page } from "@playwright/test";

/** Adds the first product of the shop that goes straight into the cart; returns its name. */
export async function addFirstSimpleProduct(page: Page, button: RegExp = /^Add to cart:/): Promise<string> {
  const card = page
    .locator("li.product-small")
    .filter({ has: page.getByRole("button", { name: button }) })
    .first();
  const name = ((await card.locator(".product-title a").textContent()) ?? "").trim();
  await card.getByRole("button", { name: button }).click();
  return name;
}

/** From the shop's first page, adds its first simple product and waits for the notice; returns its name. */
export async function addToCartFromShop(page: Page): Promise<string> {
  await page.goto("/shop");
  const name = await addFirstSimpleProduct(page);
  await expect(page.getByText(/has been added to your cart/).first()).toBeVisible();
  return name;
}

/** Fills the checkout's billing fields (labels in English), US address in Texas. */
export async function fillBilling(page: Page, overrides: Record<string, string> = {}): Promise<void> {
  const values: Record<string, string> = {
    "First name": "Ada",
    "Last name": "Lovelace",
    "Street address": "12 Analytical Row",
    "Town / City": "Austin",
    "Postcode / ZIP": "73301",
    "Email address": "ada@example.com",
    Phone: "+1 (512) 555-0100",
    ...overrides,
  };
  const billing = page.getByRole("group", { name: "Billing details" });
  for (const [label, value] of Object.entries(values))
    await billing.getByLabel(label, { exact: false }).first().fill(value);
  await billing.getByLabel("State / County").selectOption("TX");
}

/** Signs in through the account page's log-in form, in whatever language the page is in. */
export async function signInByForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto("/my-account");
  const login = page.locator("form.woocommerce-form-login");
  await login.locator('input[name="username"]').fill(account.email);
  await login.locator('input[name="password"]').fill(account.password);
  await login.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="intent"][value="logout"]')).toBeAttached();
}

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules of the current axe-core: what every scan checks. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** An axe scan of the page (or of `include`), limited to the WCAG A/AA rules. */
export function axe(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  return include ? builder.include(include) : builder;
}

/**
 * Waits until the window's scroll is at rest where an animated scroll to `selector` ends: the
 * element `offset` px below the top (below the document's scroll padding too, with `scrollPadding`),
 * or as near as the page can scroll, and still there two frames later. A check made while the page
 * still scrolls sees whatever passes under the sticky header (seen under load).
 */
export async function scrolledTo(
  page: Page,
  selector: string,
  { offset, scrollPadding }: { offset: number; scrollPadding: boolean },
): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        async ({ selector, offset, scrollPadding }) => {
          const element = document.querySelector(selector);
          if (!element) return false;
          const padding = scrollPadding
            ? Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
            : 0;
          const wanted = element.getBoundingClientRect().top + window.scrollY - padding - offset;
          const target = Math.max(
            0,
            Math.min(wanted, document.documentElement.scrollHeight - window.innerHeight),
          );
          const before = window.scrollY;
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return Math.abs(before - target) < 1 && window.scrollY === before;
        },
        { selector, offset, scrollPadding },
      ),
    )
    .toBe(true);
}

/** A browser of its own for a test that needs Chromium flags of its own (host mapping, debugging port). */
export function launchChromium(extraArgs: string[]) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      ...extraArgs,
    ],
  });
}

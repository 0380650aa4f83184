import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, expect, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.ts";

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

/**
 * Waits until the back office's page is hydrated: its frame marks the document (decision 0064).
 * The check reads the document as it is at each poll, which during a full page load may not have
 * its root element yet.
 */
export async function backOfficeHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement?.dataset.backOffice === "ready");
}

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules of the current axe-core: what every scan checks. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** An axe scan of the page (or of `include`), limited to the WCAG A/AA rules. */
export function axe(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  return include ? builder.include(include) : builder;
}

/** The serious and critical findings of `axe(page, include)`: what no page or open dialog may have. */
export async function seriousViolations(page: Page, include?: string) {
  const { violations } = await axe(page, include).analyze();
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
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

/**
 * The content security policy violations Chromium reported on the console of any page the running
 * test opened (the `policyViolations` fixture of fixtures.ts reads them after the test): null between
 * tests. A violation means a page asked for something its own policy refuses, which a shopper's
 * browser would refuse too.
 */
let policyViolations: string[] | null = null;

export function startCollectingPolicyViolations(): void {
  policyViolations = [];
}

export function stopCollectingPolicyViolations(): string[] {
  const seen = policyViolations ?? [];
  policyViolations = null;
  return seen;
}

function watchPage(page: Page): void {
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      policyViolations?.push(`${page.url()}: ${message.text()}`);
  });
}

/** Records the policy violations of the context's pages, those open now and those to come. */
export function watchPolicyViolations<T extends BrowserContext>(context: T): T {
  for (const page of context.pages()) watchPage(page);
  context.on("page", watchPage);
  return context;
}

/**
 * Watches every context `browser` makes from now on (`newPage` makes one too), until the returned
 * function puts the browser back as it was.
 */
export function watchBrowserPolicyViolations(browser: Browser): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (...args) => watchPolicyViolations(await newContext.apply(browser, args));
  return () => {
    browser.newContext = newContext;
  };
}

/** A browser of its own for a test that needs Chromium flags of its own (host mapping, debugging port). */
export async function launchChromium(extraArgs: string[]) {
  const browser = await chromium.launch(chromiumLaunchOptions(extraArgs));
  // Closed with the test that launched it: its contexts need no putting back.
  watchBrowserPolicyViolations(browser);
  return browser;
}

/** A suffix no other test's names and slugs share: lowercase letters and digits, from the clock and a dice roll. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Holds the page's requests for `pattern` back, as a slow connection would, until the answer is called. */
export async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

import { expect, type Page } from "@playwright/test";

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

/** Registers a new shopper with a unique e-mail on the account page; returns the e-mail. */
export async function registerShopper(
  page: Page,
  prefix: string,
  password = "correct horse battery",
): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await page.goto("/my-account");
  const register = page.locator("form.woocommerce-form-register");
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password", { exact: true }).fill(password);
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(`Hello ${email}`)).toBeVisible();
  return email;
}

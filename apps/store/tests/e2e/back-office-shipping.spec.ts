import type { Page } from "@playwright/test";
import { ADMIN, adminApi, DEMO_STORE, expect, test } from "./fixtures.ts";
import { addToCartFromShop, backOfficeHydrated, fillBilling, seriousViolations } from "./support.ts";

/**
 * Shipping zones (issue 41, decision 0069) on the worker's demo store: zones are store-wide, so not
 * on the store other tests read; the test deletes the zone it made.
 */

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/my-account`);
  const login = page.locator("form.woocommerce-form-login");
  await login.locator('input[name="username"]').fill(ADMIN.email);
  await login.locator('input[name="password"]').fill(ADMIN.password);
  await login.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="intent"][value="logout"]')).toBeAttached();
}

/** Adds a method of `kind` to the open zone and opens its settings form. */
async function addMethod(page: Page, kind: string, title: string) {
  await page
    .getByRole("group", { name: "Add shipping method" })
    .getByLabel("Shipping method")
    .selectOption({ label: kind });
  await page.getByRole("button", { name: "Add shipping method" }).click();
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  return page.getByRole("form", { name: `${title} settings` });
}

test("the owner adds a zone with a flat rate and free shipping over an amount; a shopper there is offered exactly those", async ({
  page,
  browser,
  request,
  sharedStore,
}) => {
  test.setTimeout(180_000);
  const { origin } = await sharedStore(DEMO_STORE);
  const { call, revoke } = await adminApi(request, origin);
  await signIn(page, origin);
  let zoneId = 0;
  try {
    await test.step("the Shipping area is in the back office's menu, and axe finds nothing serious", async () => {
      await page.goto(`${origin}/admin`);
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Shipping" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
      await expect(
        page.getByRole("link", { name: "Locations not covered by your other zones" }),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${origin}/admin/shipping?lang=es`);
      await expect(
        page.getByRole("link", { name: "Ubicaciones no cubiertas por tus otras zonas" }),
      ).toBeVisible();
      await page.goto(`${origin}/admin/shipping?lang=en`);
    });

    await test.step("a zone for Spain, with a flat rate of 4.00 and free shipping from 1.00", async () => {
      await backOfficeHydrated(page);
      await page.getByLabel("New zone's name").fill("Spain");
      await page.getByRole("button", { name: "Add zone" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Shipping zone: Spain" })).toBeVisible();
      zoneId = Number(new URL(page.url()).pathname.split("/").pop());
      await backOfficeHydrated(page);
      await page.getByLabel("Zone regions").selectOption("country|ES");
      await page.getByRole("button", { name: "Save zone" }).click();
      await expect(page.locator(".shipping-zone-message")).toHaveText("Saved.");

      const flat = await addMethod(page, "Flat rate", "Flat rate");
      await flat.getByLabel("Method title").fill("Courier");
      await flat.getByLabel("Cost (USD)", { exact: true }).fill("4");
      await expect(flat.getByLabel("Cost (USD)", { exact: true })).toHaveAccessibleDescription(/\[qty\]/);
      expect(await seriousViolations(page)).toEqual([]);
      await flat.getByRole("button", { name: "Save method" }).click();
      await expect(page.getByRole("rowheader", { name: "Courier", exact: true })).toBeVisible();

      const free = await addMethod(page, "Free shipping", "Free shipping");
      await free.getByLabel("Free shipping requires").selectOption("min_amount");
      await free.getByLabel("Minimum order amount (USD)").fill("1.00");
      await free.getByRole("button", { name: "Save method" }).click();
      await expect(free.locator(".shipping-method-message")).toHaveText("Saved.");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("link", { name: "Back to the shipping zones" }).click();
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Spain" }) });
      await expect(row).toContainText("Courier, Free shipping");
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step("a shopper in Spain is offered the zone's two rates; one in the United States zone 0's", async () => {
      const context = await browser.newContext({ baseURL: origin });
      const shopper = await context.newPage();
      await addToCartFromShop(shopper);
      await shopper.goto("/checkout");
      await shopper.waitForFunction(() => document.documentElement.dataset.cartClient === "ready");
      const methods = shopper.getByRole("group", { name: "Shipping", exact: true });
      await fillBilling(shopper, { "Email address": "zones-shopper@example.com" });
      await expect(methods.getByRole("radio")).toHaveCount(2);
      await expect(methods.getByLabel("Flat rate: $5.00")).toBeVisible();
      await expect(methods.getByLabel("Local pickup (free)")).toBeVisible();
      const billing = shopper.getByRole("group", { name: "Billing details" });
      await billing.getByLabel("Country / Region").selectOption("ES");
      await billing.getByLabel("State / County").selectOption("M");
      await billing.getByLabel("Postcode / ZIP").fill("28013");
      await expect(methods.getByRole("radio")).toHaveCount(2);
      await expect(methods.getByLabel("Courier: $4.00")).toBeVisible();
      await expect(methods.getByLabel("Free shipping (free)")).toBeVisible();
      expect(await seriousViolations(shopper)).toEqual([]);
      await methods.getByLabel("Courier: $4.00").check();
      await shopper.getByLabel("Direct bank transfer").check();
      const terms = shopper.getByLabel(/I have read and agree/);
      if ((await terms.count()) > 0) await terms.check();
      await shopper.getByRole("button", { name: "Place order" }).click();
      await expect(shopper.getByRole("heading", { level: 1, name: "Order received" })).toBeVisible();
      await expect(shopper.locator("body")).toContainText("$4.00");
      await context.close();
    });
  } finally {
    if (zoneId > 0) await call("DELETE", `/shipping/zones/${zoneId}`);
    await revoke();
  }
});

test("the shipping classes page adds a class by name, renames it in its row and deletes it", async ({
  page,
  sharedStore,
}) => {
  const { origin } = await sharedStore(DEMO_STORE);
  await signIn(page, origin);
  const suffix = Date.now().toString(36);
  await page.goto(`${origin}/admin/shipping/classes`);
  await backOfficeHydrated(page);
  const message = page.locator(".shipping-classes-message");
  await page.getByLabel("New class's name").fill(`Bulky ${suffix}`);
  await page.getByRole("button", { name: "Add shipping class" }).click();
  await expect(message).toHaveText("Added.");
  await expect(page.getByLabel(`Slug of Bulky ${suffix}`)).toHaveValue(`bulky-${suffix}`);
  await page.getByLabel(`Name of Bulky ${suffix}`).fill(`Oversized ${suffix}`);
  await page.getByRole("button", { name: `Save Bulky ${suffix}` }).click();
  await expect(message).toHaveText("Saved.");
  await expect(page.getByLabel(`Name of Oversized ${suffix}`)).toHaveValue(`Oversized ${suffix}`);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Delete Oversized ${suffix}` }).click();
  await expect(message).toHaveText("Deleted.");
  await expect(page.getByLabel(`Name of Oversized ${suffix}`)).toHaveCount(0);
});

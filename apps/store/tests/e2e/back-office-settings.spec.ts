import type { Browser, Page } from "@playwright/test";
import { ADMIN, bearer, DEMO_STORE, expect, test } from "./fixtures.ts";
import {
  addFirstSimpleProduct,
  axe,
  backOfficeHydrated,
  fillBilling,
  seriousViolations,
  signInByForm,
} from "./support.ts";

/**
 * The settings page (issue 17, decision 0039), on the worker's demo store: settings are store-wide,
 * and the main test store's must not change under other tests; the worker's are put back after each.
 */
const notice = (page: Page) => page.locator(".woocommerce-store-notice");
const serious = (violations: Array<{ impact?: string | null }>) =>
  violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/my-account`);
  const login = page.locator("form.woocommerce-form-login");
  await login.locator('input[name="username"]').fill(ADMIN.email);
  await login.locator('input[name="password"]').fill(ADMIN.password);
  await login.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="intent"][value="logout"]')).toBeAttached();
}

/** Opens the settings page, lets `change` edit the form, saves, and waits for the page to say so. */
async function changeSettings(page: Page, origin: string, change: (page: Page) => Promise<void>) {
  await page.goto(`${origin}/admin/settings`);
  await backOfficeHydrated(page);
  await change(page);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
}

async function visitor(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  return context.newPage();
}

test("an administrator runs the store from the settings page: notice, coming soon, cart and bank details", async ({
  page,
  browser,
  sharedStore,
}) => {
  test.setTimeout(180_000);
  const { origin } = await sharedStore(DEMO_STORE);
  await signIn(page, origin);
  const shopper = await visitor(browser, origin);

  await test.step("the page is in the back office's navigation, in both languages, and axe finds nothing serious", async () => {
    await page.goto(`${origin}/admin`);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    expect(serious((await axe(page).analyze()).violations)).toEqual([]);
    await page.goto(`${origin}/admin/settings?lang=es`);
    await expect(page.getByRole("heading", { level: 1, name: "Ajustes" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Próximamente y aviso de la tienda" })).toBeVisible();
    expect(serious((await axe(page).analyze()).violations)).toEqual([]);
    await page.goto(`${origin}/?lang=en`);
  });

  await test.step("a changed store notice shows again to a shopper who dismissed the old one", async () => {
    await changeSettings(page, origin, async (form) => {
      await form.getByLabel("Show the store notice").check();
      await form.getByLabel("Store notice (English)").fill("Winter sale this week");
    });
    await expect(async () => {
      await shopper.goto("/");
      await expect(notice(shopper)).toHaveText(/Winter sale this week/, { timeout: 1000 });
    }).toPass();
    await shopper.waitForFunction(() => document.documentElement.dataset.cartClient === "ready");
    await notice(shopper).getByRole("button", { name: "Dismiss" }).click();
    await expect(notice(shopper)).toHaveCount(0);
    await shopper.reload();
    await expect(notice(shopper)).toHaveCount(0);

    await changeSettings(page, origin, async (form) => {
      await expect(form.getByLabel("Store notice (English)")).toHaveValue("Winter sale this week");
      await form.getByLabel("Store notice (English)").fill("Winter sale ends on Sunday");
    });
    await expect(async () => {
      await shopper.goto("/");
      await expect(notice(shopper)).toHaveText(/Winter sale ends on Sunday/, { timeout: 1000 });
    }).toPass();
  });

  await test.step("coming-soon mode hides the store from visitors and gives it back", async () => {
    await changeSettings(page, origin, (form) => form.getByLabel(/^Coming soon/).check());
    await expect(async () => {
      await shopper.goto("/shop");
      await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Coming soon", { timeout: 1000 });
    }).toPass();
    // Staff still see the store.
    await page.goto(`${origin}/shop`);
    await expect(page.locator("li.product-small").first()).toBeVisible();

    await changeSettings(page, origin, (form) => form.getByLabel(/^Coming soon/).uncheck());
    await expect(async () => {
      await shopper.goto("/shop");
      await expect(shopper.locator("li.product-small").first()).toBeVisible({ timeout: 1000 });
    }).toPass();
  });

  await test.step("with “go to the cart after a product is added” on, the next add goes to the cart", async () => {
    await changeSettings(page, origin, async (form) => {
      await form.getByLabel("Go to the cart after a product is added").check();
      await form.getByLabel("IBAN").fill("ES91 2100 0418 4502 0005 1332");
    });
    await expect(async () => {
      await shopper.goto("/shop");
      await shopper.waitForFunction(() => document.documentElement.dataset.cartClient === "ready");
      // The page's own data (the root loader's cart settings) has the change before the add.
      const redirect = await shopper.evaluate(
        () =>
          (
            window as unknown as {
              __reactRouterDataRouter: { state: { loaderData: { root: { cart: Record<string, unknown> } } } };
            }
          ).__reactRouterDataRouter.state.loaderData.root.cart.cart_redirect_after_add,
      );
      expect(redirect).toBe("yes");
    }).toPass();
    await addFirstSimpleProduct(shopper);
    await expect(shopper).toHaveURL(`${origin}/cart`);
    await expect(shopper.locator("tr.cart_item")).toHaveCount(1);
  });

  await test.step("the product page's own button goes to the cart too, with and without JavaScript", async () => {
    await shopper.goto("/shop");
    const simple = shopper
      .locator("li.product-small")
      .filter({ has: shopper.getByRole("button", { name: /^Add to cart:/ }) })
      .first();
    const path = await simple.locator(".product-title a").getAttribute("href");
    expect(path).toMatch(/^\/product\//);
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ baseURL: origin, javaScriptEnabled });
      const buyer = await context.newPage();
      await buyer.goto(path!);
      if (javaScriptEnabled)
        await buyer.waitForFunction(() => document.documentElement.dataset.cartClient === "ready");
      await buyer.locator("form.cart").getByRole("button", { name: "Add to cart" }).click();
      await expect(buyer, `JavaScript ${javaScriptEnabled ? "on" : "off"}`).toHaveURL(`${origin}/cart`);
      await expect(buyer.locator("tr.cart_item")).toHaveCount(1);
      await context.close();
    }
  });

  // Shipping is the zones' (decision 0069, back-office-shipping.spec.ts).
  await test.step("the checkout's receipt says where to pay", async () => {
    await shopper.goto("/checkout");
    await shopper.waitForFunction(() => document.documentElement.dataset.cartClient === "ready");
    await expect(shopper.getByLabel("Flat rate: $5.00")).toBeChecked();
    await fillBilling(shopper, { "Email address": "settings-shopper@example.com" });
    await shopper.getByLabel("Direct bank transfer").check();
    await shopper.getByLabel(/I have read and agree/).check();
    await shopper.getByRole("button", { name: "Place order" }).click();
    await expect(shopper.getByRole("heading", { level: 1, name: "Order received" })).toBeVisible();
    const bank = shopper.getByRole("region", { name: "Our bank details" });
    await expect(bank).toContainText("IBAN");
    await expect(bank).toContainText("ES91 2100 0418 4502 0005 1332");
    await expect(shopper.locator(".woocommerce-order-overview")).toContainText("$");
  });

  await test.step("a bad GA4 id is refused in the owner's language, and nothing is saved", async () => {
    await page.goto(`${origin}/admin/settings?lang=es`);
    await backOfficeHydrated(page);
    const ga4 = page
      .getByRole("group", { name: "Consentimiento y analítica" })
      .getByLabel("ID de medición de Google Analytics 4");
    await ga4.fill("UA-12345-1");
    await page.getByRole("button", { name: "Guardar ajustes" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /^El ID de medición de Google Analytics 4 no es válido: empieza por G-/,
    );
    await expect(ga4).toBeFocused();
    await expect(ga4).toHaveAttribute("aria-invalid", "true");
    expect(serious((await axe(page).analyze()).violations)).toEqual([]);
    await page.reload();
    await expect(ga4).toHaveValue("");
    await page.goto(`${origin}/?lang=en`);
  });

  await test.step("consent and analytics are set and read back, on the page and through the REST API", async () => {
    const section = (form: Page) => form.getByRole("group", { name: "Consent and analytics" });
    await changeSettings(page, origin, async (form) => {
      const fields = section(form);
      await expect(fields.getByLabel(/^Ask visitors for consent/)).toHaveAccessibleDescription(
        /^Off: analytics and order attribution run without asking/,
      );
      await expect(fields.getByLabel("Google Analytics 4 measurement ID")).toHaveAccessibleDescription(
        /content security policy then allows Google's analytics hosts/,
      );
      await fields.getByLabel(/^Ask visitors for consent/).check();
      await fields.getByLabel(/^Collect the store's own analytics/).check();
      // Typed in lower case; kept as Google writes it.
      await fields.getByLabel("Google Analytics 4 measurement ID").fill("g-abc123xyz");
      await fields.getByLabel(/^Record some visitors' sessions/).check();
      await fields.getByLabel("Share of sessions recorded (%)").fill("25");
      await fields.getByLabel("Keep analytics events for (days)").fill("120");
      await fields.getByLabel("Keep session recordings for (days)").fill("14");
    });
    // The consent banner now shows on every page, the back office's too; the form is read, not used.
    await page.reload();
    const fields = section(page);
    await expect(fields.getByLabel(/^Ask visitors for consent/)).toBeChecked();
    await expect(fields.getByLabel(/^Collect the store's own analytics/)).toBeChecked();
    await expect(fields.getByLabel("Google Analytics 4 measurement ID")).toHaveValue("G-ABC123XYZ");
    await expect(fields.getByLabel(/^Record some visitors' sessions/)).toBeChecked();
    await expect(fields.getByLabel("Share of sessions recorded (%)")).toHaveValue("25");
    await expect(fields.getByLabel("Keep analytics events for (days)")).toHaveValue("120");
    await expect(fields.getByLabel("Keep session recordings for (days)")).toHaveValue("14");
    // The REST API reads the same, and refuses a bad id whole, naming the setting (with a token, from
    // a client without the page's session cookie).
    const client = await browser.newContext();
    const { token } = (await (
      await client.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN })
    ).json()) as { token: string };
    const stored = await client.request.get(`${origin}/api/vitrine/v2/settings`, { headers: bearer(token) });
    expect(await stored.json()).toMatchObject({
      consent: { banner: true },
      analytics: {
        enabled: true,
        ga4_measurement_id: "G-ABC123XYZ",
        recording: { enabled: true, sample_rate: 25 },
        retention_days: 120,
        recording_retention_days: 14,
      },
    });
    const refused = await client.request.put(`${origin}/api/vitrine/v2/settings`, {
      headers: bearer(token),
      data: { analytics: { ga4_measurement_id: "UA-12345-1" } },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "rest_invalid_param",
      message: "Invalid value for the store setting analytics.",
      data: { status: 400, param: "analytics" },
    });
    await client.close();
  });

  await shopper.context().close();
});

test("a settings form with unsaved edits asks before the back office leaves it; staying keeps the edits", async ({
  page,
}) => {
  // The shared store: nothing is saved.
  await signInByForm(page, ADMIN);
  await page.goto("/admin/settings");
  await backOfficeHydrated(page);
  const name = page.getByLabel("Store name");
  const edited = `${await name.inputValue()} (edited)`;
  const unsaved = page.getByText("You have unsaved changes.");
  await expect(unsaved).toHaveCount(0);
  await name.fill(edited);
  await expect(unsaved).toBeVisible();

  const orders = page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" });
  const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await orders.click();
  await expect(ask).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await ask.getByRole("button", { name: "Stay on this page" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(name).toHaveValue(edited);
  await expect(unsaved).toBeVisible();

  // Asked again, leaving drops the edits.
  await orders.click();
  await ask.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
});

test("the settings form refuses what the server would, before sending it, in the same words", async ({
  page,
}) => {
  // The shared store: the change is refused, so nothing is saved.
  await signInByForm(page, ADMIN);
  await page.goto("/admin/settings");
  await backOfficeHydrated(page);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && new URL(request.url()).pathname.endsWith("/settings"))
      sent.push(request.url());
  });
  await page.getByLabel("Sender of the store's mails").fill("not an address");
  await page.getByRole("button", { name: "Save settings" }).click();
  // The server's refusal names the setting; the page says which section, the words it uses for the server's.
  await expect(page.getByRole("alert")).toHaveText(
    "Please check the “Store” settings: a value there is not valid.",
  );
  expect(sent).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

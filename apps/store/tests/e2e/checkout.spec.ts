import type { Page } from "@playwright/test";
import { ADMIN, adminApi, DEMO_STORE, expect, hydrated, test } from "./fixtures.ts";
import {
  addFirstSimpleProduct,
  addToCartFromShop,
  axe,
  backOfficeHydrated,
  fillBilling,
  scrolledTo,
  signInByForm,
  uniqueSuffix,
} from "./support.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`checkout, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("validation errors sit beside their fields, then the order is placed and shown to its owner", async ({
      cartWithProduct: { page, name },
      browser,
    }) => {
      await page.goto("/checkout");
      await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
      await fillBilling(page, { "Email address": "ada@example", Phone: "12-34" });
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page.getByRole("alert")).toContainText("Please correct the following:");
      await expect(page.locator("#billing_email-error")).toHaveText("Please enter a valid email address.");
      await expect(page.locator("#billing_phone-error")).toHaveText(
        "Please enter a valid phone number (6 to 15 digits).",
      );
      await expect(page.locator("#terms-error")).toBeVisible();
      await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
      // With scripts, focus moves to the first field to fix a moment after the errors show; a
      // shopper types once it is there (typing earlier would land in whichever field it reaches).
      if (javaScriptEnabled) await expect(page.getByLabel("Email address")).toBeFocused();

      await page.getByLabel("Email address").fill("ada@example.com");
      await page.getByLabel("Phone").fill("+1 (512) 555-0100");
      await page.getByLabel(/I have read and agree/).check();
      await page.getByLabel("Cash on delivery").check();
      await page.getByRole("button", { name: "Place order" }).click();

      await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=wc_order_/);
      await expect(page.getByText("Thank you. Your order has been received.")).toBeVisible();
      await expect(page.locator(".order_details")).toContainText(name);
      await expect(page.locator(".woocommerce-order-overview")).toContainText("Cash on delivery");

      // Someone else, or a wrong key, sees nothing.
      const url = new URL(page.url());
      const stranger = await browser.newPage();
      const wrongKey = await stranger.goto(`${url.origin}${url.pathname}?key=wc_order_wrongwrongwrong`);
      expect(wrongKey?.status()).toBe(404);
      await stranger.close();

      // The cart is empty now, and the checkout sends an empty cart back to it.
      await page.goto("/checkout");
      await expect(page).toHaveURL(/\/cart$/);
    });
  });
}

test("a resubmitted checkout form places one order", async ({ cartWithProduct: { page }, request }) => {
  await page.goto("/checkout");
  await fillBilling(page);
  await page.getByLabel(/I have read and agree/).check();
  const form = page.locator("form.checkout");
  const body = await form.evaluate((element: HTMLFormElement) =>
    new URLSearchParams(new FormData(element) as unknown as string).toString(),
  );
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const post = () =>
    request.post("/checkout", {
      data: body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies },
      maxRedirects: 0,
    });
  const [first, second] = await Promise.all([post(), post()]);
  expect(first.status()).toBe(302);
  expect(second.status()).toBe(302);
  expect(first.headers().location).toBe(second.headers().location);
  const third = await post();
  expect(third.headers().location).toBe(first.headers().location);
});

test("a checkout post without the form's nonce is refused", async ({
  cartWithProduct: { page },
  request,
}) => {
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const response = await request.post("/checkout", {
    form: { billing_first_name: "Ada", payment_method: "cod", terms: "on" },
    headers: { Cookie: cookies },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test("each order sends its confirmation e-mail in the shopper's language, kept as an .eml file without SMTP", async ({
  page,
  sentMail,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Español" }).click();
  // The switch is a form post answered with the language's cookie: a navigation started before its
  // answer comes would cancel it, and the shop would be in English.
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.goto("/shop");
  await addFirstSimpleProduct(page, /^Añadir al carrito:/);
  await expect(page.getByText(/se ha añadido a tu carrito/).first()).toBeVisible();
  await page.goto("/checkout");
  const billing = page.getByRole("group", { name: "Detalles de facturación" });
  await billing.getByLabel("Nombre", { exact: false }).first().fill("Ana");
  await billing.getByLabel("Apellidos").fill("García");
  await billing.getByLabel("País / Región").selectOption("ES");
  await billing.getByLabel("Región / Provincia").selectOption("M");
  await billing.getByLabel("Dirección de la calle").fill("Calle Mayor 1");
  await billing.getByLabel("Localidad / Ciudad").fill("Madrid");
  await billing.getByLabel("Código postal").fill("28013");
  await billing.getByLabel("Dirección de correo electrónico").fill("ana@example.es");
  await billing.getByLabel("Teléfono").fill("+34 600 000 000");
  await page.getByLabel(/He leído y estoy de acuerdo/).check();
  await page.getByRole("button", { name: "Realizar el pedido" }).click();
  await expect(page.getByText("Gracias. Tu pedido ha sido recibido.")).toBeVisible();
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  const mail = await sentMail("ana@example.es", `pedido #${orderId} de`);
  expect(mail).toContain("To: ana@example.es");
  expect(mail).toContain(`Subject: Hemos recibido tu pedido #${orderId} de Vitrine`);
});

test.describe("checkout form behaviour", () => {
  const field = (page: Page, id: string) => page.locator(`.fl-wrap:has(> #${id})`);

  test("floating labels float for filled fields and are rebuilt when the country or state changes", async ({
    cartWithProduct: { page },
  }) => {
    await page.goto("/checkout");
    await expect(page.locator("form.checkout.floating-labels")).toHaveCount(1);
    const firstName = field(page, "billing_first_name");
    await expect(firstName).not.toHaveClass(/fl-is-active/);
    await page.getByLabel("First name").first().fill("Ada");
    await expect(firstName).toHaveClass(/fl-is-active/);
    await page.getByLabel("First name").first().fill("");
    await expect(firstName).not.toHaveClass(/fl-is-active/);
    // The label sits inside its field while empty and unfocused.
    await page.getByRole("heading", { level: 1 }).click();
    const [label, input] = await Promise.all([
      firstName.locator("label").boundingBox(),
      page.locator("#billing_first_name").boundingBox(),
    ]);
    expect(label!.y).toBeGreaterThan(input!.y);

    const country = page.locator("#billing_country");
    const state = field(page, "billing_state");
    await expect(field(page, "billing_country")).toHaveClass(/fl-is-active/);
    await expect(state).not.toHaveClass(/fl-is-active/);
    await page.locator("#billing_state").selectOption("TX");
    await expect(state).toHaveClass(/fl-is-active/);
    // Another country brings another, empty, state list: its label goes back down.
    await country.selectOption("ES");
    await expect(page.locator("#billing_state option[value='M']")).toHaveCount(1);
    await expect(state).not.toHaveClass(/fl-is-active/);
    await page.locator("#billing_state").selectOption("M");
    await expect(state).toHaveClass(/fl-is-active/);
    await country.selectOption("GB");
    await expect(page.locator("#billing_state")).toHaveCount(0);
    await country.selectOption("US");
    await expect(state).not.toHaveClass(/fl-is-active/);
  });

  test("errors: the notices scroll into view 100 px from the top, then the first bad field takes focus after 500 ms", async ({
    cartWithProduct: { page },
  }) => {
    await page.clock.install();
    await page.goto("/checkout");
    await expect(page.locator("form.checkout.floating-labels")).toHaveCount(1);
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    // The shared schema finds the empty fields before anything is sent.
    await page.getByRole("button", { name: "Place order" }).click();
    const notices = page.locator(".woocommerce-NoticeGroup");
    await expect(notices).toBeVisible();
    await page.clock.runFor(400);
    await expect(page.locator("#billing_first_name")).not.toBeFocused();
    await page.clock.runFor(200);
    await expect(page.locator("#billing_first_name")).toBeFocused();
    await page.clock.runFor(1000);
    const top = await notices.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const scrollY = await page.evaluate(() => window.scrollY);
    // 100 px from the top, unless the page cannot scroll that far up.
    expect(scrollY === 0 ? top <= 100 : top === 100).toBe(true);
  });

  test("a guest's payment and shipping choices are kept under WP_DATA_USER_0 and come back", async ({
    cartWithProduct: { page },
  }) => {
    await page.goto("/checkout");
    await expect(page.locator("form.checkout.floating-labels")).toHaveCount(1);
    await page.getByLabel("Cash on delivery").check();
    await page.getByLabel("Local pickup (free)").check();
    const stored = await page.evaluate(() =>
      JSON.parse(window.localStorage.getItem("WP_DATA_USER_0") ?? "{}"),
    );
    expect(stored["vitrine/store/checkout"]).toEqual({
      paymentMethod: "cod",
      // The zone's rate (decision 0069): zone 0's local pickup.
      shippingMethod: expect.stringMatching(/^local_pickup:\d+$/),
    });
    await page.reload();
    await expect(page.locator("form.checkout.floating-labels")).toHaveCount(1);
    await expect(page.getByLabel("Cash on delivery")).toBeChecked();
    await expect(page.getByLabel("Local pickup (free)")).toBeChecked();
  });
});

test("axe finds no serious issue on the checkout (with its errors shown) or on the account page", async ({
  cartWithProduct: { page },
}) => {
  const serious = async () =>
    (await axe(page).analyze()).violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`);
  await page.goto("/checkout");
  await expect(page.locator("form.checkout.floating-labels")).toHaveCount(1);
  await page.getByLabel("First name").first().fill("Ada");
  expect(await serious()).toEqual([]);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.locator(".woocommerce-NoticeGroup")).toBeVisible();
  // Checked once the notices' scroll (a second, 100 px from the top) is at rest: the first bad field
  // takes focus halfway through it, and while the page scrolls the sticky header passes over the
  // notices' links (axe then saw a link too small, under load).
  await expect(page.locator("#billing_last_name")).toBeFocused();
  await scrolledTo(page, ".woocommerce-NoticeGroup", { offset: 100, scrollPadding: false });
  expect(await serious()).toEqual([]);
  await page.goto("/my-account");
  await expect(page.locator("form.woocommerce-form-register")).toBeVisible();
  expect(await serious()).toEqual([]);
});

test("a “Please wait...” overlay blocks the page while the order is being placed, and lets go on an error", async ({
  cartWithProduct: { page },
}) => {
  await page.goto("/checkout");
  await hydrated(page);
  await fillBilling(page);
  await page.getByLabel(/I have read and agree/).check();
  await page.getByLabel("Cash on delivery").check();
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const sent: string[] = [];
  await page.route(/\/api\/store\/v1\/checkout(\?|$)/, async (route) => {
    sent.push(route.request().url());
    await held;
    await route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ code: "busy", message: "The store is busy.", data: { status: 409 } }),
    });
  });
  await page.getByRole("button", { name: "Place order" }).click();
  const overlay = page.locator(".block-page");
  await expect(overlay).toHaveText("Please wait...");
  await expect(overlay).toHaveAttribute("role", "alert");
  // Everything behind it is inert: no click or key reaches the form meanwhile.
  expect(await page.locator("#main").evaluate((main) => main.closest("[inert]") !== null)).toBe(true);
  answer();
  await expect(overlay).toHaveCount(0);
  expect(await page.locator("#main").evaluate((main) => main.closest("[inert]") !== null)).toBe(false);
  await expect(page.getByText("The store is busy.")).toBeVisible();
  // It went through the page's one REST client (issue 16), as every API call does.
  expect(sent.map((url) => new URL(url).searchParams.get("_locale"))).toEqual(["user"]);
});

test("the terms page chosen in the settings shows in the checkout's lightbox; with none chosen there is no checkbox", async ({
  browser,
  request,
  sharedStore,
}) => {
  // The worker's own demo store: its settings change here, and are put back after the test.
  const { origin } = await sharedStore(DEMO_STORE);
  const { call, revoke } = await adminApi(request, origin);
  const suffix = uniqueSuffix();
  const page = await call<{ id: number; slug: string }>("POST", "/pages", {
    title: { en: `Terms of sale ${suffix}`, es: `Condiciones de venta ${suffix}` },
    slug: `terms-of-sale-${suffix}`,
    status: "publish",
    blocks: [
      {
        type: "text",
        data: {
          title: { en: "Delivery", es: "Entrega" },
          text: {
            en: `Parcels leave within two days (${suffix}).`,
            es: `Los paquetes salen en dos días (${suffix}).`,
          },
        },
      },
    ],
  });
  // The owner chooses it in the settings' "Legal pages"; drafts are not offered.
  const owner = await (await browser.newContext({ baseURL: origin })).newPage();
  await signInByForm(owner, ADMIN);
  await owner.goto("/admin/settings");
  await backOfficeHydrated(owner);
  const select = owner
    .getByRole("group", { name: "Legal pages" })
    .getByRole("combobox", { name: "Terms and conditions page" });
  await select.selectOption({ label: `Terms of sale ${suffix}` });
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  await owner.context().close();
  const shopper = await (await browser.newContext({ baseURL: origin })).newPage();
  await addToCartFromShop(shopper);
  await shopper.goto("/checkout");
  await hydrated(shopper);
  const opener = shopper.getByRole("link", { name: "terms and conditions" });
  await expect(opener).toHaveAttribute("href", `/${page.slug}`);
  await opener.click();
  const dialog = shopper.getByRole("dialog", { name: `Terms of sale ${suffix}` });
  await expect(dialog.getByRole("heading", { name: "Delivery" })).toBeVisible();
  await expect(dialog).toContainText(`Parcels leave within two days (${suffix}).`);
  await dialog.getByRole("button", { name: "Close the terms and conditions" }).click();
  await expect(opener).toBeFocused();

  await call("PUT", "/settings", { legal_pages: { terms: null } });
  await shopper.reload();
  await expect(shopper.getByRole("button", { name: "Place order" })).toBeVisible();
  await expect(shopper.getByLabel(/I have read and agree/)).toHaveCount(0);
  await expect(shopper.getByRole("link", { name: "terms and conditions" })).toHaveCount(0);
  await call("DELETE", `/pages/${page.id}`);
  await revoke();
  await shopper.context().close();
});

import { bearer, expect, hydrated, test } from "./fixtures.ts";
import { addToCartFromShop, fillBilling } from "./support.ts";

test("register, log out, log in with a wrong then a right password, the guest cart joining the account's", async ({
  page,
  browser,
}) => {
  const email = `shopper-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await page.goto("/my-account");
  const register = page.locator("form.woocommerce-form-register");
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password", { exact: true }).fill("short");
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Please use at least 8 characters for your password.")).toBeVisible();
  await register.getByLabel("Email address").fill(email);
  await register.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await register.getByRole("button", { name: "Show password" }).click();
  await expect(register.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await expect(register.getByRole("button", { name: "Hide password" })).toBeVisible();
  await register.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText(`Hello ${email}`)).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

  // A guest cart, in a fresh browser, joins the account's cart at login.
  const context = await browser.newContext();
  const guest = await context.newPage();
  const name = await addToCartFromShop(guest);
  await guest.goto("/my-account");
  const login = guest.locator("form.woocommerce-form-login");
  await login.getByLabel("Email address").fill(email);
  await login.getByLabel("Password", { exact: true }).fill("wrong password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(guest.getByRole("alert")).toHaveText(
    "The email address or password you entered is incorrect.",
  );
  await login.getByLabel("Email address").fill(email);
  await login.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(guest.getByText(`Hello ${email}`)).toBeVisible();
  await guest.goto("/cart");
  await expect(guest.locator("tr.cart_item").getByRole("link", { name })).toBeVisible();
  await context.close();
});

test("my orders: a table in a scrolling box, each order's page for its owner only", async ({
  page,
  browser,
  shopper: { email },
}) => {
  const name = await addToCartFromShop(page);
  await page.goto("/checkout");
  await fillBilling(page, { "Town / City": "Arlington", "Email address": email });
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Thank you. Your order has been received.")).toBeVisible();
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  // The next checkout offers the addresses used this time.
  await addToCartFromShop(page);
  await page.goto("/checkout");
  await expect(page.getByRole("group", { name: "Billing details" }).getByLabel("Town / City")).toHaveValue(
    "Arlington",
  );
  await expect(page.getByRole("group", { name: "Billing details" }).getByLabel("Email address")).toHaveValue(
    email,
  );

  await page.goto("/my-account/orders");
  const wrapper = page.locator(".woocommerce-orders-table-wrapper");
  await expect(wrapper).toHaveCSS("overflow-x", "auto");
  await wrapper.getByRole("link", { name: `View order ${orderId}` }).click();
  await expect(page.getByRole("heading", { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.locator(".order_details")).toContainText(name);

  const stranger = await browser.newPage();
  const response = await stranger.goto(new URL(`/my-account/view-order/${orderId}`, page.url()).toString());
  await expect(stranger).toHaveURL(/\/my-account$/);
  expect(response?.status()).toBe(200);
  await stranger.close();
});

test("account forms without their nonce are refused", async ({ request }) => {
  const response = await request.post("/my-account", {
    form: { intent: "login", username: "a@example.com", password: "x" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test("a lost password is reset through the e-mailed link, which works once", async ({
  page,
  shopper: { email },
  sentMail,
}) => {
  await page.getByRole("button", { name: "Log out" }).click();

  await page.getByRole("link", { name: "Lost your password?" }).click();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "password reset link is on its way" }),
  ).toBeVisible();

  const mail = await sentMail(email, "lost-password?key=");
  const link = mail.match(/https?:\/\/\S+lost-password\?key=[\w-]+&login=\d+/)?.[0] ?? "";
  expect(link).not.toBe("");

  await page.goto(link);
  await page.getByLabel("New password").fill("new password 2");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your password has been changed. You can log in now.")).toBeVisible();
  const login = page.locator("form.woocommerce-form-login");
  await login.getByLabel("Email address").fill(email);
  await login.getByLabel("Password", { exact: true }).fill("new password 2");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText(`Hello ${email}`)).toBeVisible();

  // Used once, the link says so before asking for a password, above the form that asks for a new link.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(
    "This password reset link is invalid or has expired. Please ask for a new one.",
  );
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reset password" })).toBeVisible();
});

test("the header's sign-in popup: a wrong password reopens it with the notice, the right one signs in", async ({
  page,
  shopper: { email, password },
}) => {
  await page.getByRole("button", { name: "Log out" }).click();

  await page.goto("/shop");
  await hydrated(page);
  const opener = page
    .getByRole("navigation", { name: "My account" })
    .getByRole("button", { name: "My account" });
  await opener.click();
  const popup = page.getByRole("dialog", { name: "Log in to your account" });
  await popup.getByLabel("Email address").fill(email);
  await popup.getByLabel("Password", { exact: true }).fill("not my password");
  await popup.getByRole("button", { name: "Log in" }).click();

  await expect(page).toHaveURL(/\/shop$/);
  await expect(popup).toBeVisible();
  await expect(popup.getByRole("alert")).toHaveText(
    "The email address or password you entered is incorrect.",
  );
  await popup.getByLabel("Email address").fill(email);
  await popup.getByLabel("Password", { exact: true }).fill(password);
  await popup.getByRole("button", { name: "Show password" }).click();
  await expect(popup.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await popup.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "My account" }),
  ).toBeVisible();
});

test("an administrator makes a shopper an editor, who edits the home page's texts; a customer cannot", async ({
  page,
  request,
  shopper: { email },
  adminToken,
}) => {
  // As a customer: no pages to edit, and the editor's address is not there.
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  expect((await page.goto("/my-account/pages/home"))?.status()).toBe(404);

  const auth = bearer(adminToken);
  const found = await request.get(`/api/vitrine/v2/users?search=${encodeURIComponent(email)}`, {
    headers: auth,
  });
  const [user] = await found.json();
  expect(user).toMatchObject({ email, role: "customer" });
  expect(
    (
      await request.put(`/api/vitrine/v2/users/${user.id}`, { headers: auth, data: { role: "boss" } })
    ).status(),
  ).toBe(400);
  const promoted = await request.put(`/api/vitrine/v2/users/${user.id}`, {
    headers: auth,
    data: { role: "editor" },
  });
  expect(await promoted.json()).toMatchObject({ id: user.id, role: "editor" });

  await page.goto("/my-account");
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Edit Home" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit page: Home" })).toBeVisible();
  const hero = page.getByRole("group", { name: "Hero" });
  const heading = `Fresh arrivals ${Date.now()}`;
  await hero.getByLabel("Heading (English)").fill(heading);
  await hero.getByLabel("Heading (Spanish)").fill("Novedades");
  // The field's own limit stops a shopper's typing; a client that ignores it meets the server's.
  await hero.getByLabel("Text (English)").evaluate((field) => field.removeAttribute("maxlength"));
  await hero.getByLabel("Text (English)").fill("x".repeat(2001));
  await page.getByRole("button", { name: "Save page" }).click();
  // Too long: nothing is saved, the error sits beside its field.
  await expect(page.getByText("This text is too long.")).toBeVisible();
  await hero.getByLabel("Text (English)").fill("Everything new this week.");
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByText("The page has been updated.")).toBeVisible();

  // The home page changed for every visitor, the cached guest copy included.
  const guest = await request.get("/", { headers: { Cookie: "" } });
  expect(await guest.text()).toContain(heading);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText("Everything new this week.")).toBeVisible();
});

test("on a page rendered for nobody, the account hint cookie turns the header's sign-in button into the account link once hydrated", async ({
  browser,
  baseURL,
}) => {
  for (const [hint, role] of [
    ["", "button"],
    ["customer", "link"],
  ] as const) {
    const context = await browser.newContext();
    if (hint) await context.addCookies([{ name: "vitrine_account", value: hint, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/shop");
    await hydrated(page);
    const account = page.getByRole("navigation", { name: "My account" });
    await expect(account.getByRole(role, { name: "My account" }), hint || "no hint").toBeVisible();
    await expect(account.getByRole(role === "link" ? "button" : "link", { name: "My account" })).toHaveCount(
      0,
    );
    await context.close();
  }
});

import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { ADMIN, bearer, expect, hydrated, test } from "./fixtures.ts";
import { addToCartFromShop, axe, fillBilling, signInByForm } from "./support.ts";

/**
 * The back office's people (issue 17 "People", decision 0038): an administrator invites an editor
 * by e-mail, who chooses a password, builds pages and is refused products; customers with their
 * orders and addresses; API tokens revoked from the back office and refused by the API afterwards.
 */
const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

/** A page of a new browser context, signed in as `account` when it is given. */
async function newPage(browser: Browser, baseURL: string, account?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (account) await signInByForm(page, account);
  return page;
}

/** The people page, as the administrator, ready for input. */
async function peoplePage(browser: Browser, baseURL: string): Promise<Page> {
  const admin = await newPage(browser, baseURL, ADMIN);
  await admin.goto("/admin");
  await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "People" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await hydrated(admin);
  return admin;
}

async function userId(request: APIRequestContext, token: string, email: string): Promise<number> {
  const found = await request.get(`/api/vitrine/v2/users?search=${encodeURIComponent(email)}`, {
    headers: bearer(token),
  });
  const [user] = (await found.json()) as Array<{ id: number }>;
  expect(user).toBeDefined();
  return user!.id;
}

test("an administrator invites an editor by e-mail, who chooses a password, builds a page and is refused products", async ({
  browser,
  baseURL,
  request,
  adminToken,
  sentMail,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = `${testInfo.workerIndex}-${Date.now()}`;
  const email = `editor-${suffix}@example.com`;
  const password = "editor password 1";
  const admin = await peoplePage(browser, baseURL!);
  expect(await serious(admin)).toEqual([]);

  const invite = admin.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("Email address").fill(email);
  await invite.getByLabel("Role").selectOption({ label: "Editor" });
  await invite.getByLabel("Language of the invitation").selectOption({ label: "English" });
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("status")).toHaveText(`Invitation sent to ${email}.`);
  const staff = admin.getByRole("region", { name: "Staff" });
  const row = staff.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Invitation pending");
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue("editor");

  // The administrator is the store's only one: taking their own role away is refused, in words.
  const own = staff.getByRole("row").filter({ hasText: ADMIN.email });
  await own.getByLabel(`Role of ${ADMIN.email}`).selectOption({ label: "Editor" });
  await own.getByRole("button", { name: /^Save role\s+admin@example\.com$/ }).click();
  await expect(staff.getByRole("alert")).toHaveText("You cannot take away your own administrator role.");
  await expect(own.getByLabel(`Role of ${ADMIN.email}`)).toHaveValue("administrator");

  // The mail's link: choose a password, and be signed in.
  const mail = await sentMail(email, "/my-account/invitation?key=");
  expect(mail).toContain("You have been invited to");
  const link = mail.match(/https?:\/\/\S+\/my-account\/invitation\?key=[\w-]+&login=\d+/)?.[0] ?? "";
  expect(link).not.toBe("");
  const invitee = await newPage(browser, baseURL!);
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { level: 1, name: "Your invitation" })).toBeVisible();
  await expect(invitee.getByText(`Choose a password for ${email}.`)).toBeVisible();
  expect(await serious(invitee)).toEqual([]);
  await invitee.getByLabel("Choose a password").fill(password);
  await invitee.getByRole("button", { name: "Save password and sign in" }).click();
  await expect(invitee).toHaveURL(/\/admin$/);
  // The link worked once.
  await invitee.goto(link);
  await expect(
    invitee
      .getByRole("alert")
      .filter({ hasText: /This invitation link is invalid, has been used or has expired/ }),
  ).toBeVisible();

  // Signing in with the chosen password, in another browser: pages yes, products no.
  const editor = await newPage(browser, baseURL!, { email, password });
  await editor.goto("/admin");
  const nav = editor.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: "Pages", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Products" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "People" })).toHaveCount(0);
  expect((await editor.goto("/admin/products"))?.status()).toBe(403);
  expect((await editor.goto("/admin/people"))?.status()).toBe(403);

  await editor.goto("/admin/pages");
  await editor.getByLabel("Title (English)").fill(`Team notes ${suffix}`);
  await editor.getByLabel("Title (Spanish)").fill(`Notas del equipo ${suffix}`);
  await editor.getByRole("button", { name: "Create page" }).click();
  const slug = `team-notes-${suffix}`;
  await expect(editor).toHaveURL(new RegExp(`/admin/pages/${slug}$`));
  await hydrated(editor);
  await editor.getByLabel("Kind of block").selectOption({ label: "Text" });
  await editor.getByRole("button", { name: "Add block" }).click();
  const block = editor.locator(".page-builder fieldset[data-block-type]").last();
  await block.getByLabel("Heading (English)").fill("Written by the new editor");
  await block.getByLabel("Heading (Spanish)").fill("Escrito por la nueva editora");
  await block.getByLabel("Text (English)").fill("Hello from the team.");
  await block.getByLabel("Text (Spanish)").fill("Hola desde el equipo.");
  await editor.getByRole("button", { name: "Save page" }).click();
  await expect(editor.locator(".back-office").getByRole("status")).toHaveText("The page has been saved.");
  expect(await serious(editor)).toEqual([]);

  // What the test made goes: the page, and the editor's role.
  const pages = (await (
    await request.get("/api/vitrine/v2/pages", { headers: bearer(adminToken) })
  ).json()) as Array<{
    id: number;
    slug: string;
  }>;
  const made = pages.find((each) => each.slug === slug);
  expect(made).toBeDefined();
  expect(
    (await request.delete(`/api/vitrine/v2/pages/${made!.id}`, { headers: bearer(adminToken) })).status(),
  ).toBe(200);
  const demoted = await request.put(`/api/vitrine/v2/users/${await userId(request, adminToken, email)}`, {
    headers: bearer(adminToken),
    data: { role: "customer" },
  });
  expect(demoted.status()).toBe(200);
  for (const each of [admin, invitee, editor]) await each.context().close();
});

test("an invitation listed as sent is withdrawn in the back office, and its link is refused afterwards", async ({
  browser,
  baseURL,
  request,
  adminToken,
  sentMail,
}, testInfo) => {
  const email = `withdrawn-${testInfo.workerIndex}-${Date.now()}@example.com`;
  const invited = await request.post("/api/vitrine/v2/users/invitations", {
    headers: bearer(adminToken),
    data: { email, role: "editor", locale: "en" },
  });
  expect(invited.status()).toBe(201);
  const link = (await sentMail(email, "/my-account/invitation?key=")).match(
    /https?:\/\/\S+\/my-account\/invitation\?key=[\w-]+&login=\d+/,
  )?.[0];
  expect(link).toBeDefined();

  const admin = await peoplePage(browser, baseURL!);
  const invitations = admin.getByRole("region", { name: "Invitations" });
  const row = invitations.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Sent");
  await expect(row).toContainText("Editor");
  await row.getByRole("button", { name: `Withdraw ${email}` }).click();
  const dialog = admin.getByRole("alertdialog", { name: `Withdraw the invitation of ${email}?` });
  await expect(dialog).toBeVisible();
  expect(await serious(admin)).toEqual([]);
  await dialog.getByRole("button", { name: "Withdraw invitation" }).click();
  await expect(invitations.getByRole("status")).toHaveText(`The invitation of ${email} has been withdrawn.`);
  await expect(row).toHaveCount(0);
  // The account the invitation made, never used, is gone from the staff too.
  await expect(
    admin.getByRole("region", { name: "Staff" }).getByRole("row").filter({ hasText: email }),
  ).toHaveCount(0);

  const invitee = await newPage(browser, baseURL!);
  await invitee.goto(link!);
  await expect(
    invitee
      .getByRole("alert")
      .filter({ hasText: /This invitation link is invalid, has been used or has expired/ }),
  ).toBeVisible();
  await expect(invitee.getByLabel("Choose a password")).toHaveCount(0);
  for (const each of [admin, invitee]) await each.context().close();
});

test("an API token revoked in the back office is refused by the API afterwards", async ({
  browser,
  baseURL,
  request,
  shopper,
}) => {
  const issued = await request.post("/api/vitrine/v2/auth/token", {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(issued.status()).toBe(201);
  const { token } = (await issued.json()) as { token: string };
  const call = () => request.post("/api/vitrine/v2/users/me", { headers: bearer(token), data: {} });
  expect((await call()).status()).toBe(200);

  const admin = await peoplePage(browser, baseURL!);
  const tokens = admin.getByRole("region", { name: "API tokens" });
  const row = tokens.getByRole("row").filter({ hasText: shopper.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("(Customer)");
  // It was used a moment ago.
  await expect(row.getByRole("cell").nth(2)).not.toHaveText("Never");

  await row.getByRole("button", { name: /^Revoke token #\d+ of / }).click();
  const dialog = admin.getByRole("alertdialog", { name: /^Revoke token #\d+ of .*\?$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Scripts that use it will be refused from now on.");
  expect(await serious(admin)).toEqual([]);
  // "Keep it" closes the dialog and changes nothing.
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await call()).status()).toBe(200);

  await row.getByRole("button", { name: /^Revoke token #\d+ of / }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Revoke token" }).click();
  await expect(tokens.getByRole("status")).toHaveText(/^Token #\d+ of .* has been revoked\.$/);
  await expect(row).toHaveCount(0);

  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { code: string }).code).toBe("rest_invalid_token");
  await admin.context().close();
});

test("customers: searched by e-mail, with their orders' count and last order; one customer's addresses and orders", async ({
  browser,
  baseURL,
  page,
  shopper: { email },
}) => {
  // The shopper places an order (signed in on `page`).
  await addToCartFromShop(page);
  await page.goto("/checkout");
  await fillBilling(page, { "Town / City": "Valladolid", "Email address": email });
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Thank you. Your order has been received.")).toBeVisible();
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  const admin = await peoplePage(browser, baseURL!);
  const customers = admin.getByRole("region", { name: "Customers" });
  await customers.getByLabel("Search customers by email").fill(email);
  await customers.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/people\?q=/);
  await expect(customers.getByText("1 customer", { exact: true })).toBeVisible();
  const row = admin.getByRole("region", { name: "Customers" }).getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  await expect(row.getByRole("link", { name: new RegExp(`^#${orderId} on `) })).toHaveAttribute(
    "href",
    `/admin/orders/${orderId}`,
  );
  expect(await serious(admin)).toEqual([]);

  await row.getByRole("link", { name: email }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `Customer: ${email}` })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Billing address" })).toContainText("Valladolid");
  const orders = admin.getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("row")).toHaveCount(2);
  expect(await serious(admin)).toEqual([]);
  await orders.getByRole("link", { name: `#${orderId}` }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await admin.context().close();
});

import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { bearer, E2E_MEDIA_DIR, expect, hydrated, test } from "./fixtures.ts";
import { axe, signInByForm } from "./support.ts";

/**
 * The menus editor (issue 17, decision 0036): an administrator adds items to the header menu (a
 * page, and a category nested under it) and to the category menu, and shoppers see them in both
 * languages on the next page load, though those pages were in the page cache. The test runs on a
 * store of its own: it changes menus that every other test's pages show.
 */
const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

/** The home page as a guest in `locale` gets it, and whether it came from the page cache. */
async function guestHome(api: APIRequestContext, locale: "en" | "es") {
  const response = await api.get("/", { headers: { Cookie: `googtrans=/en/${locale}` } });
  expect(response.status()).toBe(200);
  return { cache: response.headers()["x-page-cache"], html: await response.text() };
}

/** A guest's page in a new browser context reading the store in `locale`. */
async function shopper(browser: Browser, baseURL: string, locale: "en" | "es") {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: "googtrans", value: `/en/${locale}`, url: baseURL }]);
  return context.newPage();
}

test("an administrator adds a page and a nested category to the header menu and an item to the category menu; shoppers see them in both languages straight away", async ({
  browser,
  playwright,
  spareStore,
}) => {
  test.setTimeout(180_000);
  const account = { email: "menus-admin@example.com", password: "menus admin password" };
  const store = await spareStore({
    SEED_DEMO: "on",
    MEDIA_DIR: E2E_MEDIA_DIR,
    ADMIN_EMAIL: account.email,
    ADMIN_PASSWORD: account.password,
  });
  const baseURL = `http://127.0.0.1:${store.port}`;
  const api = await playwright.request.newContext({ baseURL });

  // A published page for the menu to point at.
  const { token } = (await (await api.post("/api/vitrine/v2/auth/token", { data: account })).json()) as {
    token: string;
  };
  const created = await api.post("/api/vitrine/v2/pages", {
    headers: bearer(token),
    data: { title: { en: "Our studio", es: "Nuestro estudio" }, slug: "our-studio", status: "publish" },
  });
  expect(created.status()).toBe(201);

  // Guests' home pages, in both languages, are in the page cache before the change.
  for (const locale of ["en", "es"] as const) {
    await guestHome(api, locale);
    const cached = await guestHome(api, locale);
    expect(cached.cache).toBe("HIT");
    expect(cached.html).not.toContain("Our studio");
  }

  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInByForm(admin, account);
  await admin.goto("/admin");
  await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Menus" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Menus" })).toBeVisible();
  await hydrated(admin);
  const chooser = admin.getByRole("navigation", { name: "The store's menus" });
  await expect(chooser.getByRole("link", { name: /^Header menu/ })).toHaveAttribute("aria-current", "page");
  expect(await serious(admin)).toEqual([]);

  const add = admin.getByRole("form", { name: "Add an item" });
  const items = admin.getByRole("list", { name: "Header menu" });
  // A page, picked from the list.
  await add.getByLabel("Label (English)").fill("Our studio");
  await add.getByLabel("Label (Spanish)").fill("Estudio");
  await add.getByLabel("Points at").selectOption({ label: "Page" });
  await add.getByRole("combobox", { name: "Page", exact: true }).selectOption({ label: "Our studio" });
  await add.getByRole("button", { name: "Add item" }).click();
  const studio = items.getByRole("listitem").filter({ hasText: "Page: Our studio" });
  await expect(studio).toHaveCount(1);
  // The new item's name has the focus: a keyboard user goes on from it.
  await expect(studio.getByText("Our studio", { exact: true })).toBeFocused();

  // An address the menu must not link to is refused in the form, and nothing is added.
  await add.getByLabel("Label (English)").fill("Trap");
  await add.getByLabel("Points at").selectOption({ label: "Address" });
  const address = add.getByRole("textbox", { name: "Address", exact: true });
  await address.fill("javascript:alert(1)");
  await add.getByRole("button", { name: "Add item" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toBeFocused();
  await expect(address).toHaveAccessibleDescription(/a path on the store \(\/shop\) or an http\(s\) address/);
  await expect(items.getByText("Trap")).toHaveCount(0);

  // A category, then nested under the page with the keyboard.
  await add.getByLabel("Label (English)").fill("Studio mugs");
  await add.getByLabel("Label (Spanish)").fill("Tazas del estudio");
  await add.getByLabel("Points at").selectOption({ label: "Category" });
  await add.getByRole("combobox", { name: "Category", exact: true }).selectOption({ index: 0 });
  await add.getByRole("button", { name: "Add item" }).click();
  const nest = admin.getByRole("button", { name: "Nest Studio mugs under Our studio" });
  await nest.focus();
  await admin.keyboard.press("Enter");
  const nested = admin.getByRole("list", { name: "Under Our studio" });
  await expect(nested.getByRole("listitem")).toHaveCount(1);
  await expect(nested.getByText("Studio mugs", { exact: true })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Un-nest Studio mugs from Our studio" })).toBeFocused();

  // Edited in place: the Spanish label.
  const edit = admin.getByRole("button", { name: "Edit Our studio" });
  await edit.click();
  await expect(edit).toHaveAttribute("aria-expanded", "true");
  const fields = admin.getByRole("form", { name: "Edit Our studio" });
  await expect(fields.getByLabel("Label (English)")).toBeFocused();
  await fields.getByLabel("Label (Spanish)").fill("Nuestro estudio");
  await fields.getByRole("button", { name: "Done" }).click();
  await expect(edit).toHaveAttribute("aria-expanded", "false");
  await expect(edit).toBeFocused();
  expect(await serious(admin)).toEqual([]);

  // Moved up and back down with its sub-item; the focus follows it.
  const up = admin.getByRole("button", { name: "Move Our studio up" });
  await up.click();
  await expect(up).toBeFocused();
  await expect(items.locator(":scope > li").last()).not.toContainText("Our studio");
  await admin.getByRole("button", { name: "Move Our studio down" }).click();
  await expect(items.locator(":scope > li").last()).toContainText("Our studioPage: Our studio");
  await expect(items.locator(":scope > li").last()).toContainText("Studio mugs");
  // At the end it cannot go further down: the focus is on its name.
  await expect(studio.getByText("Our studio", { exact: true })).toBeFocused();

  await admin.getByRole("button", { name: "Save menu" }).click();
  await expect(admin.locator(".back-office").getByRole("status")).toHaveText("Menu saved: Header menu.");
  await expect(admin.getByRole("list", { name: "Under Our studio" }).getByText("Studio mugs")).toBeVisible();

  // The cached pages are gone: the next load is rendered with the new menu, in both languages.
  for (const [locale, label, child, menuName, submenu] of [
    ["en", "Our studio", "Studio mugs", "Main menu", "Submenu of Our studio"],
    ["es", "Nuestro estudio", "Tazas del estudio", "Menú principal", "Submenú de Nuestro estudio"],
  ] as const) {
    const fresh = await guestHome(api, locale);
    expect(fresh.cache).toBe("MISS");
    expect(fresh.html).toContain(label);

    const page = await shopper(browser, baseURL, locale);
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: menuName });
    await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", "/our-studio");
    await hydrated(page);
    await menu.getByRole("button", { name: submenu }).click();
    await expect(menu.getByRole("link", { name: child, exact: true })).toHaveAttribute(
      "href",
      /^\/product-category\/[a-z0-9-]+$/,
    );
    await menu.getByRole("link", { name: label, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
    await page.context().close();
  }

  // The category menu has items of its own once it is given some: the "Browse categories" list shows them.
  await chooser.getByRole("link", { name: /^Category menu/ }).click();
  await expect(chooser.getByRole("link", { name: /^Category menu/ })).toHaveAttribute("aria-current", "page");
  await hydrated(admin);
  await expect(admin.getByText("This menu has no items.")).toBeVisible();
  await add.getByLabel("Label (English)").fill("Gifts");
  await add.getByLabel("Label (Spanish)").fill("Regalos");
  await add.getByLabel("Points at").selectOption({ label: "Category" });
  await add.getByRole("combobox", { name: "Category", exact: true }).selectOption({ index: 1 });
  await add.getByRole("button", { name: "Add item" }).click();
  await admin.getByRole("button", { name: "Save menu" }).click();
  await expect(admin.locator(".back-office").getByRole("status")).toHaveText("Menu saved: Category menu.");
  expect(await serious(admin)).toEqual([]);

  const page = await shopper(browser, baseURL, "es");
  await page.goto("/shop");
  await hydrated(page);
  await page.getByRole("button", { name: "Ver categorías" }).click();
  const list = page.locator(".vertical-menu-list");
  await expect(list.getByRole("link")).toHaveText(["Regalos"]);
  await page.context().close();
  await context.close();
  await api.dispose();
});

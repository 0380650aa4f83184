import type { Page } from "@playwright/test";
import { ADMIN, bearer, EMPTY_STORE, expect, hydrated, test } from "./fixtures.ts";
import { axe } from "./support.ts";

const DEMO_NOTICE = {
  en: "This is a demo store: no order is shipped and no payment is taken.",
  es: "Esta es una tienda de demostración: no se envía ningún pedido ni se cobra ningún pago.",
};
const notice = (page: Page) => page.locator(".woocommerce-store-notice");

test.describe("the store notice", () => {
  for (const [locale, dismiss] of [
    ["en", "Dismiss"],
    ["es", "Descartar"],
  ] as const) {
    test(`(${locale}) shows the demo's notice; Dismiss hides it at once and it never comes back on the shared pages`, async ({
      page,
    }) => {
      await page.goto(`/?lang=${locale}`);
      await expect(notice(page)).toHaveText(new RegExp(DEMO_NOTICE[locale]));
      await expect(notice(page)).toHaveAttribute("data-notice-id", "demo-1");
      expect((await axe(page, ".woocommerce-store-notice").analyze()).violations).toEqual([]);
      await hydrated(page);

      const url = page.url();
      await notice(page).getByRole("button", { name: dismiss }).click();
      await expect(notice(page)).toHaveCount(0);
      expect(page.url()).toBe(url);
      const cookie = (await page.context().cookies()).find((c) => c.name === "store_noticedemo-1");
      expect(cookie).toMatchObject({ value: "hidden", path: "/" });

      // The next pages are the shared cached ones, and their HTML already leaves the notice out.
      for (const path of ["/shop", "/"]) {
        const answer = await page.goto(path);
        expect(answer?.headers()["cache-control"]).toContain("public");
        expect(await answer?.text()).not.toContain("woocommerce-store-notice");
        await expect(notice(page)).toHaveCount(0);
      }
    });
  }

  test("without JavaScript, Dismiss comes back to the same page without the notice", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/shop?lang=es");
    await expect(notice(page)).toContainText(DEMO_NOTICE.es);
    await notice(page).getByRole("button", { name: "Descartar" }).click();
    await expect(page).toHaveURL(/\/shop\?lang=es$/);
    await expect(notice(page)).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "store_noticedemo-1")).toMatchObject({
      value: "hidden",
      path: "/",
    });
    await page.goto("/");
    await expect(notice(page)).toHaveCount(0);
    await context.close();
  });

  test("a fresh store has none; a notice turned on shows, and a new noticeId shows again to those who dismissed the old one", async ({
    page,
    sharedStore,
  }) => {
    // A store apart from the main one (its worker's; settings put back after): the notice is store-wide.
    const admin = ADMIN;
    const store = await sharedStore(EMPTY_STORE);
    const origin = `http://127.0.0.1:${store.port}`;
    const issued = await page.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: admin });
    const { token } = (await issued.json()) as { token: string };
    const setNotice = async (id: string, en: string) => {
      const changed = await page.request.put(`${origin}/api/vitrine/v2/settings`, {
        headers: bearer(token),
        data: { store_notice: { enabled: true, id, text: { en, es: `${en} (es)` } } },
      });
      expect(changed.status()).toBe(200);
    };

    await page.goto(`${origin}/`);
    await expect(page.locator("#main")).toBeVisible();
    await expect(notice(page)).toHaveCount(0);

    await setNotice("spring", "Spring sale");
    await expect(async () => {
      await page.goto(`${origin}/`);
      await expect(notice(page)).toHaveText(/Spring sale/, { timeout: 1000 });
    }).toPass();
    await hydrated(page);
    await notice(page).getByRole("button", { name: "Dismiss" }).click();
    await expect(notice(page)).toHaveCount(0);
    await page.goto(`${origin}/`);
    await expect(notice(page)).toHaveCount(0);

    await setNotice("summer", "Summer sale");
    await expect(async () => {
      await page.goto(`${origin}/`);
      await expect(notice(page)).toHaveText(/Summer sale/, { timeout: 1000 });
    }).toPass();
    await expect(notice(page)).toHaveAttribute("data-notice-id", "summer");
  });
});

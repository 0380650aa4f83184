import type { Browser, Page } from "@playwright/test";
import {
  ADMIN,
  bearer,
  DEMO_STORE,
  expect,
  hydrated,
  type SharedStore,
  type SharedStoreEnv,
  test,
} from "./fixtures.ts";
import { axe, backOfficeHydrated, signInByForm } from "./support.ts";

/**
 * The consent banner from the keyboard and for screen readers, and its link to the privacy policy
 * (issue 37, decision 0051), on the worker's demo store: the banner is a store-wide setting, put
 * back after the test with the others.
 */
const OWNER = ADMIN;
const serious = (violations: Array<{ impact?: string | null }>) =>
  violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");

const STRINGS = {
  en: {
    banner: "Your privacy choices",
    policy: "Privacy policy",
    acceptAll: "Accept all",
    rejectAll: "Reject all",
    choose: "Choose",
    skip: "Skip to content",
    choices: "Choose what the shop may use",
    firstChoice: /^Statistics/,
    footerButton: "Privacy choices",
  },
  es: {
    banner: "Tus opciones de privacidad",
    policy: "Política de privacidad",
    acceptAll: "Aceptar todo",
    rejectAll: "Rechazar todo",
    choose: "Elegir",
    skip: "Saltar al contenido",
    choices: "Elige qué puede usar la tienda",
    firstChoice: /^Estadísticas/,
    footerButton: "Opciones de privacidad",
  },
} as const;

/** The demo store (whose privacy policy the settings name) with the banner on. */
async function storeWithBanner(sharedStore: (env: SharedStoreEnv) => Promise<SharedStore>, page: Page) {
  const { origin } = await sharedStore(DEMO_STORE);
  const { token } = (await (
    await page.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: OWNER })
  ).json()) as { token: string };
  const changed = await page.request.put(`${origin}/api/vitrine/v2/settings`, {
    headers: bearer(token),
    data: { consent: { banner: true } },
  });
  expect(changed.status()).toBe(200);
  return { origin, token };
}

/** A first visit: no choice made yet; in Spanish, as the language switcher leaves it. */
async function visitor(browser: Browser, origin: string, language: "en" | "es") {
  const context = await browser.newContext({ baseURL: origin });
  if (language === "es") await context.addCookies([{ name: "googtrans", value: "/en/es", url: origin }]);
  return { context, page: await context.newPage() };
}

test("the consent banner is first in the focus order without trapping the page, says its choices and links to the privacy policy", async ({
  page,
  browser,
  sharedStore,
}) => {
  // The demo store, two languages, two pages each, and the owner's settings page.
  test.setTimeout(300_000);
  const { origin, token } = await storeWithBanner(sharedStore, page);

  for (const language of ["en", "es"] as const) {
    const say = STRINGS[language];
    const { context, page: shopper } = await visitor(browser, origin, language);
    const banner = shopper.getByRole("region", { name: say.banner });

    await test.step(`${language}: the first Tab reaches the banner on a short page and on the shop, and Tab goes on into the page`, async () => {
      // The cart last: the shop's infinite scroll would move its footer while the steps below look at it.
      for (const path of ["/shop", "/cart"]) {
        await shopper.goto(path);
        await hydrated(shopper);
        await expect(banner).toBeVisible();
        await shopper.keyboard.press("Tab");
        await expect(banner.getByRole("link", { name: say.policy })).toBeFocused();
        for (const name of [say.acceptAll, say.rejectAll, say.choose]) {
          await shopper.keyboard.press("Tab");
          await expect(banner.getByRole("button", { name })).toBeFocused();
        }
        // Not a trap: the page's own first link comes next, then the page itself.
        await shopper.keyboard.press("Tab");
        await expect(shopper.getByRole("link", { name: say.skip })).toBeFocused();
        await shopper.keyboard.press("Tab");
        await expect(banner.locator(":focus")).toHaveCount(0);
        await expect(shopper.locator("body :focus")).toHaveCount(1);
        // …and back into the banner.
        await shopper.keyboard.press("Shift+Tab");
        await shopper.keyboard.press("Shift+Tab");
        await expect(banner.getByRole("button", { name: say.choose })).toBeFocused();
      }
      expect(serious((await axe(shopper).analyze()).violations)).toEqual([]);
    });

    await test.step(`${language}: "Choose" shows the choices in a named group, with the focus on the first`, async () => {
      await banner.getByRole("button", { name: say.choose }).press("Enter");
      const choices = banner.getByRole("group", { name: say.choices });
      await expect(choices).toBeVisible();
      await expect(choices.getByRole("checkbox", { name: say.firstChoice })).toBeFocused();
      await expect(banner.getByRole("button", { name: say.choose })).toHaveCount(0);
      expect(serious((await axe(shopper).analyze()).violations)).toEqual([]);
      // The banner hides nothing that takes the focus: the footer's last button scrolls clear of it.
      const footerButton = shopper.getByRole("contentinfo").getByRole("button", { name: say.footerButton });
      await footerButton.focus();
      await expect
        .poll(async () => {
          const [button, over] = await Promise.all([footerButton.boundingBox(), banner.boundingBox()]);
          return button !== null && over !== null && button.y + button.height <= over.y;
        })
        .toBe(true);
    });

    await test.step(`${language}: the banner's link opens the privacy policy`, async () => {
      await banner.getByRole("link", { name: say.policy }).click();
      await shopper.waitForURL(`${origin}/privacy-policy`);
      await expect(shopper.getByRole("heading", { level: 1, name: say.policy })).toBeVisible();
      // Not chosen yet: the banner is still there.
      await expect(banner).toBeVisible();
    });
    await context.close();
  }

  const pages = (await (
    await page.request.get(`${origin}/api/vitrine/v2/pages`, { headers: bearer(token) })
  ).json()) as Array<{ id: number; slug: string }>;
  const privacy = pages.find((each) => each.slug === "privacy-policy");
  expect(privacy).toBeDefined();

  // The page is the shared store's: published again after the test, whatever happens in it.
  const publish = (status: "draft" | "publish") =>
    page.request.put(`${origin}/api/vitrine/v2/pages/${privacy!.id}`, {
      headers: bearer(token),
      data: { status },
    });
  try {
    await test.step("a privacy policy made a draft is linked no more, on pages kept in the cache too", async () => {
      const drafted = await publish("draft");
      expect(drafted.status()).toBe(200);
      const { context, page: shopper } = await visitor(browser, origin, "en");
      await shopper.goto("/shop");
      await hydrated(shopper);
      const banner = shopper.getByRole("region", { name: STRINGS.en.banner });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("link")).toHaveCount(0);
      await shopper.keyboard.press("Tab");
      await expect(banner.getByRole("button", { name: STRINGS.en.acceptAll })).toBeFocused();
      await context.close();
    });

    await test.step("the owner names the privacy policy's page in the settings, in their language", async () => {
      const context = await browser.newContext({ baseURL: origin });
      const owner = await context.newPage();
      await signInByForm(owner, OWNER);
      await owner.goto("/admin/settings?lang=es");
      await backOfficeHydrated(owner);
      // The back office has a frame of its own, without the banner (decision 0064).
      await expect(owner.getByRole("region", { name: STRINGS.es.banner })).toHaveCount(0);
      const select = owner
        .getByRole("group", { name: "Páginas legales" })
        .getByRole("combobox", { name: "Página de la política de privacidad" });
      await expect(select).toHaveValue(String(privacy!.id));
      await expect(select.locator("option:checked")).toHaveText("Política de privacidad (borrador)");
      await expect(select).toHaveAccessibleDescription(/^El aviso de consentimiento enlaza a esta página/);
      expect(serious((await axe(owner).analyze()).violations)).toEqual([]);
      await select.selectOption({ label: "Ninguno" });
      await owner.getByRole("button", { name: "Guardar ajustes" }).click();
      await expect(owner.getByRole("status").filter({ hasText: "Ajustes guardados." })).toBeVisible();
      const stored = await page.request.get(`${origin}/api/vitrine/v2/settings`, { headers: bearer(token) });
      expect(((await stored.json()) as { legal_pages: unknown }).legal_pages).toMatchObject({
        privacy: null,
      });
      await context.close();
    });
  } finally {
    expect((await publish("publish")).status()).toBe(200);
  }
});

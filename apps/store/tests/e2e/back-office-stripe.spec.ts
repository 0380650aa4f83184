import { rawRequest } from "../raw-request.ts";
import { ADMIN, DEMO_STORE, expect, test } from "./fixtures.ts";
import { backOfficeHydrated, seriousViolations, signInByForm } from "./support.ts";

/**
 * Stripe's settings (issue 42, decision 0073), on the worker's demo store (its settings are put
 * back after the test): the owner turns Stripe on with a test key, the keys come back masked, and
 * while the key is a test one every page staff read says so; shoppers' pages never do.
 */
const SECRET_KEY = "sk_test_51VitrineE2eSecretKeyOfTheOwner4242";
const WEBHOOK_SECRET = "whsec_VitrineE2eSigningSecretOfTheOwner9876";
const PUBLISHABLE_KEY = "pk_test_51VitrineE2ePublishableKey1111";
const NOTICE = {
  en: "Stripe is in test mode: no real money is taken.",
  es: "Stripe está en modo de prueba: no se cobra dinero real.",
};
const WEBHOOK_PATH = "/api/vitrine/v2/stripe/webhook";

test("the owner sets Stripe up with a test key: the secrets show masked, and staff, not shoppers, see test mode", async ({
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const { origin, port } = await sharedStore(DEMO_STORE);
  const owner = await (await browser.newContext({ baseURL: origin })).newPage();
  await signInByForm(owner, ADMIN);
  const stripe = owner.getByRole("group", { name: "Payments" }).getByRole("group", { name: "Stripe" });
  const testMode = (language: "en" | "es") => owner.getByRole("status").filter({ hasText: NOTICE[language] });
  const openSettings = async (query = "") => {
    await owner.goto(`/admin/settings${query}`);
    await backOfficeHydrated(owner);
  };

  await test.step("the Stripe section: off, no keys, the webhook address from the store's own origin", async () => {
    await openSettings();
    await expect(stripe.getByLabel("Take cards through Stripe")).not.toBeChecked();
    await expect(stripe.getByLabel("Secret key")).toHaveValue("");
    await expect(stripe.getByLabel("Secret key")).toHaveAttribute("type", "password");
    await expect(stripe.getByLabel("Webhook endpoint URL")).toHaveValue(`${origin}${WEBHOOK_PATH}`);
    await expect(owner.getByLabel("Hold stock (minutes)")).toHaveValue("60");
    await expect(testMode("en")).toHaveCount(0);
    expect(await seriousViolations(owner)).toEqual([]);
  });

  await test.step("a key pasted in the wrong field is refused, in the owner's words, and nothing is saved", async () => {
    await stripe.getByLabel("Secret key").fill(PUBLISHABLE_KEY);
    await owner.getByRole("button", { name: "Save settings" }).click();
    await expect(owner.getByRole("alert")).toHaveText(
      /^The Stripe secret key is not valid: it starts with sk_live_/,
    );
    await openSettings();
    await expect(stripe.getByLabel("Secret key")).toHaveValue("");
  });

  await test.step("turned on with test keys and saved, the secrets come back masked", async () => {
    await stripe.getByLabel("Take cards through Stripe").check();
    await stripe.getByLabel("Publishable key").fill(PUBLISHABLE_KEY);
    await stripe.getByLabel("Secret key").fill(SECRET_KEY);
    await stripe.getByLabel("Webhook signing secret").fill(WEBHOOK_SECRET);
    await owner.getByLabel("Hold stock (minutes)").fill("45");
    await owner.getByRole("button", { name: "Save settings" }).click();
    await expect(owner.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
    await openSettings();
    await expect(stripe.getByLabel("Take cards through Stripe")).toBeChecked();
    await expect(stripe.getByLabel("Publishable key")).toHaveValue(PUBLISHABLE_KEY);
    await expect(stripe.getByLabel("Secret key")).toHaveValue("sk_test_…4242");
    await expect(stripe.getByLabel("Secret key")).toHaveAccessibleDescription(/^Saved: sk_test_…4242\./);
    await expect(stripe.getByLabel("Webhook signing secret")).toHaveValue("whsec_…9876");
    await expect(owner.getByLabel("Hold stock (minutes)")).toHaveValue("45");
    const html = await owner.content();
    expect(html).not.toContain(SECRET_KEY);
    expect(html).not.toContain(WEBHOOK_SECRET);
  });

  await test.step("saved again untouched, the masked secrets keep the keys: test mode shows in the back office", async () => {
    await owner.getByRole("button", { name: "Save settings" }).click();
    await expect(owner.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
    // Every process applies the change through the change feed: the page shows it once it has.
    await expect(async () => {
      await openSettings();
      await expect(testMode("en")).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(stripe.getByLabel("Secret key")).toHaveValue("sk_test_…4242");
    expect(await seriousViolations(owner)).toEqual([]);
    await openSettings("?lang=es");
    await expect(testMode("es")).toBeVisible();
    const spanish = owner.getByRole("group", { name: "Pagos" }).getByRole("group", { name: "Stripe" });
    await expect(spanish.getByLabel("Clave secreta")).toHaveValue("sk_test_…4242");
    await expect(spanish.getByLabel("Secreto de firma del webhook")).toHaveValue("whsec_…9876");
    expect(await seriousViolations(owner)).toEqual([]);
  });

  await test.step("the shop's home page: the owner reads test mode, a guest does not, even from the page cache", async () => {
    const ownPage = await owner.goto("/?lang=en");
    expect(await ownPage!.text()).toContain(`>${NOTICE.en}<`);
    await expect(testMode("en")).toBeVisible();
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.goto("/?lang=es");
    await expect(testMode("es")).toBeVisible();

    const guest = await (await browser.newContext({ baseURL: origin })).newPage();
    for (const language of ["en", "es"] as const) {
      // The second answer comes from the page cache, where the first left it. (The text is among
      // every page's strings; no element holds it.)
      for (const cache of ["", "HIT"]) {
        const answer = await guest.goto(`/?lang=${language}`);
        await expect(guest.locator("h1")).toBeVisible();
        if (cache) expect(answer!.headers()["x-page-cache"]).toBe(cache);
        expect(await answer!.text()).not.toContain(`>${NOTICE[language]}<`);
      }
      await expect(guest.getByText(NOTICE[language])).toHaveCount(0);
    }
    await guest.context().close();
  });

  await test.step("the webhook address is the store's public one, whatever Host the request named", async () => {
    const cookies = await owner.context().cookies(origin);
    const answer = await rawRequest(port, "GET", "/admin/settings", "evil.example", {
      headers: { Cookie: cookies.map(({ name, value }) => `${name}=${value}`).join("; ") },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(`${origin}${WEBHOOK_PATH}`);
    expect(answer.body).not.toContain(`evil.example${WEBHOOK_PATH}`);
    expect(answer.body).not.toContain(SECRET_KEY);
  });
  await owner.context().close();
});

import { pages, settings } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStoreSettings, withoutSecrets } from "../../lib/settings-resource.ts";
import { STORE_NOTICE_ID } from "../../lib/store-notice.ts";
import {
  loadStoreSettings,
  SettingsError,
  storeNoticeIdFor,
  updateStoreSettings,
} from "./settings.server.ts";

const SECRET_KEY = "sk_test_51HxYzAbCdEfGhIjKlMnOp4242";
const NEW_SECRET_KEY = "sk_live_51HxYzAbCdEfGhIjKlMnOp0001";
const WEBHOOK_SECRET = "whsec_0123456789abcdefghijABCDEFGH9876";
const INSTALLED = { secretKey: "rk_live_51InstalledKeyOfTheHost7777", webhookSecret: undefined };

describe("store settings", () => {
  it("fall back to the spec's values when unset", () => {
    expect(parseStoreSettings(undefined)).toMatchObject({
      currency: "USD",
      cart_redirect_after_add: "no",
      order_attribution: {
        allowTracking: true,
        lifetimeMonths: 0.00001,
        sessionMinutes: 30,
        base64: false,
        timezoneOffset: 0,
      },
    });
  });

  it("take the owner's attribution values, and ignore invalid ones field by field", () => {
    const settings = parseStoreSettings({
      order_attribution: {
        allowTracking: false,
        lifetimeMonths: 6,
        sessionMinutes: "x",
        base64: true,
        timezoneOffset: 60,
      },
    });
    expect(settings.order_attribution).toEqual({
      allowTracking: false,
      lifetimeMonths: 6,
      sessionMinutes: 30,
      base64: true,
      timezoneOffset: 60,
    });
  });

  it("name no legal page until one is set, and drop a stored value that is not a page's id", () => {
    const none = { privacy: null, terms: null };
    expect(parseStoreSettings(undefined).legal_pages).toEqual(none);
    expect(parseStoreSettings({ legal_pages: { privacy: 12 } }).legal_pages).toEqual({
      privacy: 12,
      terms: null,
    });
    expect(parseStoreSettings({ legal_pages: { terms: 13 } }).legal_pages).toEqual({
      privacy: null,
      terms: 13,
    });
    for (const stored of [{ privacy: "privacy-policy", terms: -1 }, { privacy: 0 }, "12", null])
      expect(parseStoreSettings({ legal_pages: stored }).legal_pages).toEqual(none);
  });
});

describe.each(await availableDialects())("changing the store settings on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(settings);
  });

  it("changes only what a patch names, at any depth, and keeps it for the next read", async () => {
    await updateStoreSettings(database.db, { payments: { bacs: { details: { iban: "ES91 2100 0418" } } } });
    const changed = await updateStoreSettings(database.db, { payments: { cod: { enabled: false } } });
    expect(changed.payments).toEqual({
      bacs: {
        enabled: true,
        details: { account_name: "", bank_name: "", account_number: "", iban: "ES91 2100 0418", bic: "" },
      },
      cod: { enabled: false, shipping_methods: [] },
      wallet: { enabled: true },
      stripe: { enabled: false, publishable_key: "", secret_key: "", webhook_secret: "" },
      hold_stock_minutes: 60,
    });
    expect(await loadStoreSettings(database.db)).toEqual(changed);
  });

  it("refuses an unknown key or a value it would not keep, naming the key, and changes nothing", async () => {
    await updateStoreSettings(database.db, { name: "Before" });
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ colour: "red" }, "colour"],
      [{ currency: "XYZ" }, "currency"],
      // Shipping is the zones' now (decision 0069): the old methods' settings are no setting.
      [{ shipping: { flat_rate: { cost: 500 } } }, "shipping"],
      [{ mail_from: "Shop <not an address>" }, "mail_from"],
      [{ mail_from: "Shop\r\nBcc: x@example.com" }, "mail_from"],
      [{ payments: { wallet: { enabled: "yes" } } }, "payments"],
      [{ name: "After", search_result_latency: -5 }, "search_result_latency"],
    ];
    for (const [patch, key] of refused) {
      await expect(updateStoreSettings(database.db, patch)).rejects.toEqual(new SettingsError(key));
    }
    expect((await loadStoreSettings(database.db)).name).toBe("Before");
  });

  it("takes a sender with or without a name and a currency of the list", async () => {
    const changed = await updateStoreSettings(database.db, {
      mail_from: "Tienda Vitrine <hola@tienda.example>",
      currency: "EUR",
    });
    expect(changed).toMatchObject({ mail_from: "Tienda Vitrine <hola@tienda.example>", currency: "EUR" });
    expect((await updateStoreSettings(database.db, { mail_from: "shop@example.com" })).mail_from).toBe(
      "shop@example.com",
    );
  });

  it("names only one of the store's pages as a legal page, and a deleted one does not stop other changes", async () => {
    await database.db.delete(pages);
    const [privacy] = await database.db
      .insert(pages)
      .values({ slug: "privacy-policy", title: { en: "Privacy policy", es: "Política de privacidad" } })
      .returning({ id: pages.id });
    await expect(
      updateStoreSettings(database.db, { legal_pages: { privacy: privacy!.id + 1 } }),
    ).rejects.toEqual(new SettingsError("legal_pages"));
    await expect(
      updateStoreSettings(database.db, { legal_pages: { contract: privacy!.id } }),
    ).rejects.toEqual(new SettingsError("legal_pages"));
    expect((await loadStoreSettings(database.db)).legal_pages).toEqual({ privacy: null, terms: null });
    const named = await updateStoreSettings(database.db, { legal_pages: { privacy: privacy!.id } });
    expect(named.legal_pages).toEqual({ privacy: privacy!.id, terms: null });
    // Its page deleted, the setting still names it (nothing is linked): the rest of the form still saves,
    // with the legal pages as they were.
    await database.db.delete(pages).where(eq(pages.id, privacy!.id));
    const renamed = await updateStoreSettings(database.db, {
      name: "Renamed",
      legal_pages: { privacy: privacy!.id },
    });
    expect(renamed).toMatchObject({ name: "Renamed", legal_pages: { privacy: privacy!.id } });
  });

  it("gives the store notice a new id when its text changes, and keeps it otherwise", async () => {
    const first = await updateStoreSettings(database.db, {
      store_notice: { enabled: true, text: { en: "Sale", es: "Rebajas" } },
    });
    expect(first.store_notice.id).toBe(storeNoticeIdFor({ en: "Sale", es: "Rebajas" }));
    const switchedOff = await updateStoreSettings(database.db, { store_notice: { enabled: false } });
    expect(switchedOff.store_notice.id).toBe(first.store_notice.id);
    const sameText = await updateStoreSettings(database.db, {
      store_notice: { enabled: true, id: first.store_notice.id, text: { en: "Sale", es: "Rebajas" } },
    });
    expect(sameText.store_notice.id).toBe(first.store_notice.id);
    const newText = await updateStoreSettings(database.db, {
      store_notice: { id: first.store_notice.id, text: { en: "Sale ends Sunday", es: "Rebajas" } },
    });
    expect(newText.store_notice.id).not.toBe(first.store_notice.id);
    expect(newText.store_notice.id).toMatch(STORE_NOTICE_ID);
    // An id the owner chooses is kept as given.
    const chosen = await updateStoreSettings(database.db, {
      store_notice: { id: "winter", text: { en: "Winter", es: "Invierno" } },
    });
    expect(chosen.store_notice.id).toBe("winter");
  });

  /**
   * Stripe's secrets (decision 0073): what the resource answers masked comes back masked and keeps
   * the stored key; "" clears it; a new key replaces it; a key the installation sets cannot be
   * changed here.
   */
  const storeStripe = () =>
    updateStoreSettings(database.db, {
      payments: { stripe: { enabled: true, secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET } },
    });
  const stripe = async () => (await loadStoreSettings(database.db)).payments.stripe;

  it("keeps Stripe's stored keys when the answer's masked keys come back, or when they are left out", async () => {
    await storeStripe();
    const shown = withoutSecrets(await loadStoreSettings(database.db), {});
    expect(shown.payments.stripe).toMatchObject({
      secret_key: "sk_test_…4242",
      webhook_secret: "whsec_…9876",
    });
    // The whole answer sent back, `*_source` and all, as a client that read it would.
    await updateStoreSettings(database.db, { ...shown, name: "Shop" });
    expect(await stripe()).toEqual({
      enabled: true,
      publishable_key: "",
      secret_key: SECRET_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
    await updateStoreSettings(database.db, { payments: { stripe: { enabled: false } } });
    expect(await stripe()).toMatchObject({
      enabled: false,
      secret_key: SECRET_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
  });

  it("clears a Stripe key sent empty and replaces it with a new one", async () => {
    await storeStripe();
    await updateStoreSettings(database.db, { payments: { stripe: { webhook_secret: "" } } });
    expect(await stripe()).toMatchObject({ secret_key: SECRET_KEY, webhook_secret: "" });
    await updateStoreSettings(database.db, { payments: { stripe: { secret_key: NEW_SECRET_KEY } } });
    expect(await stripe()).toMatchObject({ secret_key: NEW_SECRET_KEY, webhook_secret: "" });
    // The old key's mask is not the new key's: refused, never saved in its place.
    await expect(
      updateStoreSettings(database.db, { payments: { stripe: { secret_key: "sk_test_…4242" } } }),
    ).rejects.toEqual(new SettingsError("payments.stripe.secret_key"));
    expect((await stripe()).secret_key).toBe(NEW_SECRET_KEY);
  });

  it("refuses a Stripe key that is not one, naming its field, and changes nothing", async () => {
    await storeStripe();
    for (const [patch, field] of [
      [{ secret_key: "pk_test_51HxYzAbCdEfGhIjKlMnOp1111" }, "secret_key"],
      [{ webhook_secret: "not-a-secret" }, "webhook_secret"],
      [{ publishable_key: SECRET_KEY }, "publishable_key"],
    ] as const)
      await expect(
        updateStoreSettings(database.db, { payments: { stripe: { enabled: false, ...patch } } }),
      ).rejects.toEqual(new SettingsError(`payments.stripe.${field}`));
    expect(await stripe()).toMatchObject({
      enabled: true,
      secret_key: SECRET_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
  });

  it("lets the installation's Stripe key win: only its mask, or nothing, may be sent for it", async () => {
    await storeStripe();
    const shown = withoutSecrets(await loadStoreSettings(database.db), INSTALLED);
    expect(shown.payments.stripe).toMatchObject({
      secret_key: "rk_live_…7777",
      secret_key_source: "environment",
      webhook_secret: "whsec_…9876",
      webhook_secret_source: "settings",
    });
    await updateStoreSettings(database.db, { ...shown, name: "Shop" }, INSTALLED);
    await updateStoreSettings(database.db, { payments: { stripe: { enabled: false } } }, INSTALLED);
    // The stored key is left as it was (it is used again if the installation stops setting one).
    expect(await stripe()).toMatchObject({
      enabled: false,
      secret_key: SECRET_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
    for (const secret_key of [NEW_SECRET_KEY, "", "sk_test_…4242"]) {
      const refused = updateStoreSettings(database.db, { payments: { stripe: { secret_key } } }, INSTALLED);
      await expect(refused).rejects.toBeInstanceOf(SettingsError);
      await expect(refused).rejects.toMatchObject({
        key: "payments.stripe.secret_key",
        message: expect.stringContaining("STRIPE_SECRET_KEY"),
      });
    }
    // The webhook secret, which the installation does not set, is the settings' to change.
    await updateStoreSettings(database.db, { payments: { stripe: { webhook_secret: "" } } }, INSTALLED);
    expect(await stripe()).toMatchObject({ secret_key: SECRET_KEY, webhook_secret: "" });
  });
});

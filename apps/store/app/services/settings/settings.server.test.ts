import { pages, settings } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { STORE_NOTICE_ID } from "../../lib/store-notice.ts";
import {
  loadStoreSettings,
  SettingsError,
  storeNoticeIdFor,
  updateStoreSettings,
} from "./settings.server.ts";

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
});

import { pages } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { describe, expect, it } from "vitest";
import { refusedSettingsKey } from "../../lib/settings-resource.ts";
import { loadStoreSettings } from "../../services/settings/settings.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("PUT /settings for the legal pages on %s", (dialect) => {
  const server = restTestServer(dialect);
  const admin = async () => (await server.session("administrator")).headers;
  // A test request's context holds the settings it started with: what was saved is read from the database.
  const stored = async () => (await loadStoreSettings(server.db)).legal_pages;

  async function insertPage(slug: string, status: "publish" | "draft") {
    const [page] = await server.db
      .insert(pages)
      .values({ slug, title: { en: slug, es: slug }, status })
      .returning({ id: pages.id });
    return page!.id;
  }

  it("names the privacy policy's page, a draft too, and names none again", async () => {
    const headers = await admin();
    const privacy = await insertPage("privacy-policy", "draft");
    expect((await server.call("/settings", headers)).body.legal_pages).toEqual({
      privacy: null,
      terms: null,
    });
    const named = await server.call("/settings", headers, "PUT", { legal_pages: { privacy } });
    expect(named.status).toBe(200);
    expect(named.body.legal_pages).toEqual({ privacy, terms: null });
    expect(await stored()).toEqual({ privacy, terms: null });
    const none = await server.call("/settings", headers, "PUT", { legal_pages: { privacy: null } });
    expect(none.body.legal_pages).toEqual({ privacy: null, terms: null });
    expect(await stored()).toEqual({ privacy: null, terms: null });
  });

  it("names a published terms page (never a draft) beside the privacy policy, and names none again", async () => {
    const headers = await admin();
    const terms = await insertPage("terms-of-sale", "publish");
    const draft = await insertPage("terms-draft", "draft");
    const refused = await server.call("/settings", headers, "PUT", { legal_pages: { terms: draft } });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: "rest_invalid_param", data: { param: "legal_pages" } },
    });
    const named = await server.call("/settings", headers, "PUT", { legal_pages: { terms } });
    expect(named.status).toBe(200);
    expect(await stored()).toEqual({ privacy: null, terms });
    // The privacy policy may be a draft; the terms stay as they were.
    const both = await server.call("/settings", headers, "PUT", { legal_pages: { privacy: draft } });
    expect(both.body.legal_pages).toEqual({ privacy: draft, terms });
    await server.call("/settings", headers, "PUT", { legal_pages: { privacy: null, terms: null } });
    expect(await stored()).toEqual({ privacy: null, terms: null });
  });

  it("answers bad input with 400 and the setting's name, never 500, and keeps what was set", async () => {
    const headers = await admin();
    const privacy = await insertPage("privacy-policy", "publish");
    expect((await server.call("/settings", headers, "PUT", { legal_pages: { privacy } })).status).toBe(200);
    const refused: unknown[] = [
      { legal_pages: { privacy: "privacy-policy" } },
      { legal_pages: { privacy: 0 } },
      { legal_pages: { privacy: -3 } },
      { legal_pages: { privacy: 1.5 } },
      { legal_pages: { privacy: 2 ** 31 } },
      { legal_pages: { privacy: true } },
      { legal_pages: { privacy: [privacy] } },
      // A kind the store does not know.
      { legal_pages: { contract: privacy } },
      { legal_pages: { terms: "terms" } },
      { legal_pages: "privacy-policy" },
      { legal_pages: null },
      // No such page.
      { legal_pages: { privacy: privacy + 1000 } },
    ];
    for (const patch of refused) {
      const answer = await server.call("/settings", headers, "PUT", patch);
      expect(answer, JSON.stringify(patch)).toMatchObject({
        status: 400,
        body: {
          code: "rest_invalid_param",
          message: "Invalid value for the store setting legal_pages.",
          data: { status: 400, param: "legal_pages" },
        },
      });
    }
    // A body that is not an object at all.
    const list = await server.call("/settings", headers, "PUT", [{ legal_pages: { privacy } }]);
    expect(list.status).toBe(400);
    expect(list.body).toMatchObject({ code: "rest_invalid_param", message: expect.any(String) });
    expect(await stored()).toEqual({ privacy, terms: null });
  });

  it("is for administrators only", async () => {
    const privacy = await insertPage("privacy-policy", "publish");
    const editor = (await server.session("editor")).headers;
    const refused = await server.call("/settings", editor, "PUT", { legal_pages: { privacy } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("refuses what the settings form's own check refuses, naming the same setting (one schema)", async () => {
    const headers = await admin();
    const before = await loadStoreSettings(server.db);
    const patches: Array<Record<string, unknown>> = [
      { mail_from: "not an address" },
      { mail_from: "Shop <shop@example.com>\r\nBcc: x@example.com" },
      { name: "" },
      { currency: "BTC" },
      { address: { country: "ZZ" } },
      // Shipping is the zones' now (decision 0069): no setting of the store's.
      { shipping: { flat_rate: { cost: 650 } } },
      { payments: { cod: { enabled: "yes" } } },
      { order_attribution: { sessionMinutes: 0 } },
      { analytics: { ga4_measurement_id: "UA-1" } },
      { photo_feed: { graph: { endpoint: "ftp://example.com/feed" } } },
      { search_result_latency: 9000 },
      { not_a_setting: true },
      // Accepted by both.
      { mail_from: "Shop <shop@example.com>" },
      { currency: "EUR" },
    ];
    for (const patch of patches) {
      const key = refusedSettingsKey(before, patch);
      const answer = await server.call("/settings", headers, "PUT", patch);
      if (key === null) expect(answer.status, JSON.stringify(patch)).toBe(200);
      else
        expect(answer, JSON.stringify(patch)).toMatchObject({
          status: 400,
          body: { code: "rest_invalid_param", data: { param: key } },
        });
    }
    const accepted = patches.filter((patch) => refusedSettingsKey(before, patch) === null);
    expect(accepted).toEqual([{ mail_from: "Shop <shop@example.com>" }, { currency: "EUR" }]);
  });
});

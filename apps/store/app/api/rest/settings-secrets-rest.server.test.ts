import { availableDialects } from "@vitrine/db/testing";
import { describe, expect, it } from "vitest";
import { loadStoreSettings, updateStoreSettings } from "../../services/settings/settings.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

const SECRET_KEY = "sk_test_51HxYzAbCdEfGhIjKlMnOp4242";
const NEW_SECRET_KEY = "sk_test_51NewKeyPastedFromStripe0001";
const WEBHOOK_SECRET = "whsec_0123456789abcdefghijABCDEFGH9876";
const INSTALLED_KEY = "sk_live_51InstalledKeyOfTheHost7777";

/** The settings a store with Stripe set up on its settings page keeps. */
const WITH_STRIPE = {
  payments: { stripe: { enabled: true, secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET } },
};

/**
 * `GET|PUT /settings` never answers Stripe's secrets whole (issue 42, decision 0073). A test
 * request's context holds the settings it was made with (here the ones stored first); what a change
 * saved is read from the database.
 */
describe.each(await availableDialects())("Stripe's secrets through GET|PUT /settings on %s", (dialect) => {
  const server = restTestServer(dialect, { settings: WITH_STRIPE });
  const admin = async () => (await server.session("administrator")).headers;
  const stored = async () => (await loadStoreSettings(server.db)).payments.stripe;

  it("answers them masked, takes them back masked or left out, clears them empty and replaces them", async () => {
    await updateStoreSettings(server.db, WITH_STRIPE);
    const headers = await admin();
    const read = await server.call("/settings", headers);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(read.body)).not.toContain(WEBHOOK_SECRET);
    expect((read.body.payments as Record<string, unknown>).stripe).toEqual({
      enabled: true,
      publishable_key: "",
      secret_key: "sk_test_…4242",
      secret_key_source: "settings",
      webhook_secret: "whsec_…9876",
      webhook_secret_source: "settings",
    });

    // The whole answer sent back with one change, as the shared test stores put theirs back.
    const back = await server.call("/settings", headers, "PUT", { ...read.body, name: "Masked shop" });
    expect(back.status).toBe(200);
    expect(await stored()).toEqual({ ...WITH_STRIPE.payments.stripe, publishable_key: "" });
    const leftOut = await server.call("/settings", headers, "PUT", {
      payments: { stripe: { enabled: false, publishable_key: "pk_test_51HxYzAbCdEfGhIjKlMnOp1111" } },
    });
    expect(leftOut.status).toBe(200);
    expect(await stored()).toMatchObject({
      enabled: false,
      secret_key: SECRET_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });

    const cleared = await server.call("/settings", headers, "PUT", {
      payments: { stripe: { webhook_secret: "" } },
    });
    expect((cleared.body.payments as { stripe: unknown }).stripe).toMatchObject({ webhook_secret: "" });
    expect((await stored()).webhook_secret).toBe("");

    const replaced = await server.call("/settings", headers, "PUT", {
      payments: { stripe: { secret_key: NEW_SECRET_KEY } },
    });
    expect(replaced.status).toBe(200);
    expect(JSON.stringify(replaced.body)).not.toContain(NEW_SECRET_KEY);
    expect((replaced.body.payments as { stripe: unknown }).stripe).toMatchObject({
      secret_key: "sk_test_…0001",
    });
    expect((await stored()).secret_key).toBe(NEW_SECRET_KEY);
  });

  it("refuses a bad key with 400 naming its field, and keeps what was set", async () => {
    await updateStoreSettings(server.db, WITH_STRIPE);
    const headers = await admin();
    for (const [stripe, field] of [
      [{ secret_key: "pk_test_51HxYzAbCdEfGhIjKlMnOp1111" }, "secret_key"],
      [{ secret_key: "sk_test_…0000" }, "secret_key"],
      [{ secret_key: ["sk_test_abc"] }, "secret_key"],
      [{ webhook_secret: "signing-secret" }, "webhook_secret"],
      [{ publishable_key: SECRET_KEY }, "publishable_key"],
    ] as const) {
      const answer = await server.call("/settings", headers, "PUT", { payments: { stripe } });
      expect(answer, JSON.stringify(stripe)).toMatchObject({
        status: 400,
        body: {
          code: "rest_invalid_param",
          message: `Invalid value for the store setting payments.stripe.${field}.`,
          data: { status: 400, param: `payments.stripe.${field}` },
        },
      });
    }
    expect(await stored()).toEqual({ ...WITH_STRIPE.payments.stripe, publishable_key: "" });
  });

  it("is the administrators' only", async () => {
    const editor = (await server.session("editor")).headers;
    const refused = await server.call("/settings", editor);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain("sk_test_");
  });
});

describe.each(await availableDialects())("Stripe's secret key set by the installation on %s", (dialect) => {
  const server = restTestServer(dialect, { settings: WITH_STRIPE }, { STRIPE_SECRET_KEY: INSTALLED_KEY });
  const admin = async () => (await server.session("administrator")).headers;

  it("wins: it is the one answered (masked, its source said), and the settings cannot change it", async () => {
    await updateStoreSettings(server.db, WITH_STRIPE);
    const headers = await admin();
    const read = await server.call("/settings", headers);
    expect(JSON.stringify(read.body)).not.toContain(INSTALLED_KEY);
    expect((read.body.payments as Record<string, unknown>).stripe).toMatchObject({
      secret_key: "sk_live_…7777",
      secret_key_source: "environment",
      webhook_secret: "whsec_…9876",
      webhook_secret_source: "settings",
    });
    expect((await server.call("/settings", headers, "PUT", { ...read.body, name: "Installed" })).status).toBe(
      200,
    );

    const changed = await server.call("/settings", headers, "PUT", {
      payments: { stripe: { secret_key: NEW_SECRET_KEY } },
    });
    expect(changed).toMatchObject({
      status: 400,
      body: {
        code: "rest_invalid_param",
        message: expect.stringContaining("set by the installation (STRIPE_SECRET_KEY)"),
        data: { param: "payments.stripe.secret_key" },
      },
    });
    const stored = await loadStoreSettings(server.db);
    expect(stored.name).toBe("Installed");
    expect(stored.payments.stripe.secret_key).toBe(SECRET_KEY);
  });
});

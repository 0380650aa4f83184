import { describe, expect, it } from "vitest";
import { maskSecret } from "./masked-secrets.ts";
import { parseStoreSettings, refusedSettingsKey, withoutSecrets } from "./settings-resource.ts";

const SECRET_KEY = "sk_test_51HxYzAbCdEfGhIjKlMnOp4242";
const WEBHOOK_SECRET = "whsec_0123456789abcdefghijABCDEFGH9876";

describe("maskSecret shows a key's kind and last four, never the key", () => {
  it.each([
    ["", ""],
    [SECRET_KEY, "sk_test_…4242"],
    ["sk_live_51HxYzAbCdEfGhIjKlMnOp0001", "sk_live_…0001"],
    ["rk_live_51HxYzAbCdEfGhIjKlMnOp7777", "rk_live_…7777"],
    ["pk_test_51HxYzAbCdEfGhIjKlMnOp1111", "pk_test_…1111"],
    [WEBHOOK_SECRET, "whsec_…9876"],
    // Too short to show four and hide at least twelve: the kind alone.
    ["sk_test_123456789012345", "sk_test_…"],
    ["sk_test_1234567890123456", "sk_test_…3456"],
    ["whsec_abc", "whsec_…"],
    // Not a Stripe key (nothing of it is a known kind).
    ["a-long-secret-of-some-other-service", "…vice"],
  ])("%s → %s", (secret, masked) => {
    expect(maskSecret(secret)).toBe(masked);
  });

  it("answers a value no key can have, so a mask is never saved in a key's place", () => {
    const settings = parseStoreSettings({});
    expect(
      refusedSettingsKey(settings, { payments: { stripe: { secret_key: maskSecret(SECRET_KEY) } } }),
    ).toBe("payments.stripe.secret_key");
  });
});

describe("the settings resource's Stripe keys", () => {
  const stored = parseStoreSettings({
    payments: {
      stripe: {
        enabled: true,
        publishable_key: "pk_test_51HxYzAbCdEfGhIjKlMnOp1111",
        secret_key: SECRET_KEY,
        webhook_secret: WEBHOOK_SECRET,
      },
    },
  });

  it("are shown masked with where they come from, and nowhere whole", () => {
    const shown = withoutSecrets(stored, {});
    expect(shown.payments.stripe).toEqual({
      enabled: true,
      publishable_key: "pk_test_51HxYzAbCdEfGhIjKlMnOp1111",
      secret_key: "sk_test_…4242",
      secret_key_source: "settings",
      webhook_secret: "whsec_…9876",
      webhook_secret_source: "settings",
    });
    expect(JSON.stringify(shown)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(shown)).not.toContain(WEBHOOK_SECRET);
    // None set: empty, from the settings.
    expect(withoutSecrets(parseStoreSettings({}), {}).payments.stripe).toMatchObject({
      secret_key: "",
      secret_key_source: "settings",
      webhook_secret: "",
      webhook_secret_source: "settings",
    });
  });

  it("are the installation's when it sets them, one by one", () => {
    const live = "sk_live_51HxYzAbCdEfGhIjKlMnOp0001";
    const both = withoutSecrets(stored, { secretKey: live, webhookSecret: "whsec_installation_secret_5555" });
    expect(both.payments.stripe).toMatchObject({
      secret_key: "sk_live_…0001",
      secret_key_source: "environment",
      webhook_secret: "whsec_…5555",
      webhook_secret_source: "environment",
    });
    expect(JSON.stringify(both)).not.toContain(live);
    expect(
      withoutSecrets(stored, { secretKey: live, webhookSecret: undefined }).payments.stripe,
    ).toMatchObject({
      secret_key_source: "environment",
      webhook_secret: "whsec_…9876",
      webhook_secret_source: "settings",
    });
  });

  it.each([
    [{ publishable_key: "sk_test_abc" }, "payments.stripe.publishable_key"],
    [{ secret_key: "pk_test_abc" }, "payments.stripe.secret_key"],
    [{ secret_key: "sk_test_has spaces" }, "payments.stripe.secret_key"],
    [{ secret_key: "sk_demo_abc" }, "payments.stripe.secret_key"],
    [{ secret_key: 42 }, "payments.stripe.secret_key"],
    [{ webhook_secret: "wh_abc" }, "payments.stripe.webhook_secret"],
    [{ webhook_secret: `whsec_${"a".repeat(300)}` }, "payments.stripe.webhook_secret"],
    // Other parts of the payments name the payments, as before.
    [{ enabled: "yes" }, "payments"],
    [{ unknown: "sk_test_abc" }, "payments"],
  ])("a refused %o names %s", (stripe, key) => {
    expect(refusedSettingsKey(stored, { payments: { stripe } })).toBe(key);
  });

  it("take keys of every kind, and nothing to clear them", () => {
    for (const stripe of [
      { publishable_key: "pk_live_abc", secret_key: "sk_live_abc", webhook_secret: "whsec_abc" },
      { secret_key: "rk_test_abc" },
      { publishable_key: "", secret_key: "", webhook_secret: "" },
    ])
      expect(refusedSettingsKey(stored, { payments: { stripe } }), JSON.stringify(stripe)).toBeNull();
    expect(refusedSettingsKey(stored, { payments: { hold_stock_minutes: 29 } })).toBe("payments");
    expect(refusedSettingsKey(stored, { payments: { hold_stock_minutes: 1440 } })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { testConfig } from "../shared/test-context.test-helper.ts";
import { staffViewFor } from "./staff.server.ts";

const TEST_KEY = "sk_test_51HxYzAbCdEfGhIjKlMnOp4242";
const LIVE_KEY = "sk_live_51HxYzAbCdEfGhIjKlMnOp0001";

const withStripe = (stripe: Record<string, unknown>) => parseStoreSettings({ payments: { stripe } });
const administrator = { role: "administrator" };

/** Stripe's test mode on staff's pages (issue 42): administrators, who run the payments, see it. */
describe("staffViewFor's test-mode notice", () => {
  const config = testConfig();

  it.each([
    ["on with a test key", { enabled: true, secret_key: TEST_KEY }, true],
    ["on with a restricted test key", { enabled: true, secret_key: "rk_test_51HxYzAbCdEfGhIjKl" }, true],
    ["on with a live key", { enabled: true, secret_key: LIVE_KEY }, false],
    ["off with a test key", { enabled: false, secret_key: TEST_KEY }, false],
    ["on without a key", { enabled: true, secret_key: "" }, false],
  ])("Stripe %s: %s", (_case, stripe, shown) => {
    expect(staffViewFor(withStripe(stripe), administrator, config)?.paymentsTestMode).toBe(shown);
  });

  it("follows the installation's key, which wins over the settings'", () => {
    const installedTest = testConfig({ STRIPE_SECRET_KEY: TEST_KEY });
    const installedLive = testConfig({ STRIPE_SECRET_KEY: LIVE_KEY });
    expect(
      staffViewFor(withStripe({ enabled: true, secret_key: LIVE_KEY }), administrator, installedTest),
    ).toMatchObject({ paymentsTestMode: true });
    expect(staffViewFor(withStripe({ enabled: true }), administrator, installedTest)).toMatchObject({
      paymentsTestMode: true,
    });
    expect(
      staffViewFor(withStripe({ enabled: true, secret_key: TEST_KEY }), administrator, installedLive),
    ).toMatchObject({ paymentsTestMode: false });
  });

  it("is for all staff, an editor too; a shopper or a shared page has no staff view", () => {
    const testMode = withStripe({ enabled: true, secret_key: TEST_KEY });
    expect(staffViewFor(testMode, { role: "editor" }, config)).toEqual({
      canEditPages: true,
      comingSoon: false,
      paymentsTestMode: true,
    });
    expect(staffViewFor(testMode, { role: "customer" }, config)).toBeNull();
    // The root loader reads no user for a shared page.
    expect(staffViewFor(testMode, null, config)).toBeNull();
  });
});

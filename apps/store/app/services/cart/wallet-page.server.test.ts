import { describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { testConfig } from "../shared/test-context.test-helper.ts";
import { expressCheckoutOn } from "./wallet-page.server.ts";

describe("express checkout", () => {
  it("is offered when the installation allows it and the owner has it on in the payment settings", () => {
    const allowed = testConfig({ WALLET_DIRECT_CHECKOUT: "on" });
    const forbidden = testConfig({ WALLET_DIRECT_CHECKOUT: "off" });
    const on = parseStoreSettings({});
    const off = parseStoreSettings({ payments: { wallet: { enabled: false } } });
    expect(expressCheckoutOn({ config: allowed, settings: on })).toBe(true);
    expect(expressCheckoutOn({ config: allowed, settings: off })).toBe(false);
    expect(expressCheckoutOn({ config: forbidden, settings: on })).toBe(false);
  });
});

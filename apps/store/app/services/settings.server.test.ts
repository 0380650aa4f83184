import { describe, expect, it } from "vitest";
import { parseStoreSettings } from "./settings.server.ts";

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
});

import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n.ts";

describe("createI18n", () => {
  it("shares one instance per language, whose language cannot be changed", async () => {
    const english = createI18n("en");
    expect(createI18n("en")).toBe(english);
    expect(createI18n("es")).not.toBe(english);
    expect(createI18n("es").t("cart.miniCartEmpty")).not.toBe(english.t("cart.miniCartEmpty"));
    expect(() => english.changeLanguage("es")).toThrow(/keeps its language/);
    expect(english.language).toBe("en");
  });
});

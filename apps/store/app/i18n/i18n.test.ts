import { describe, expect, it } from "vitest";
import {
  addSectionStrings,
  BACK_OFFICE_SECTION,
  createI18n,
  createI18nFrom,
  documentStrings,
} from "./i18n.ts";
import { sectionStrings } from "./section-strings.server.ts";

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

describe("the strings a document carries", () => {
  it("leave out the mail's and the back office's, and keep every other section", () => {
    const bundle = createI18n("es").getResourceBundle("es", "translation");
    const carried = documentStrings(bundle);
    expect(carried).not.toHaveProperty("mail");
    expect(carried).not.toHaveProperty(BACK_OFFICE_SECTION);
    expect(Object.keys(carried).sort()).toEqual(
      Object.keys(bundle)
        .filter((section) => section !== "mail" && section !== BACK_OFFICE_SECTION)
        .sort(),
    );
    expect(bundle).toHaveProperty(BACK_OFFICE_SECTION);
  });

  it("gain the back office's section when its route hands it over, once", () => {
    const carried = documentStrings(createI18n("es").getResourceBundle("es", "translation"));
    const browser = createI18nFrom("es", { es: { translation: carried } });
    expect(browser.exists("backOffice.navigation")).toBe(false);
    addSectionStrings(browser, BACK_OFFICE_SECTION, sectionStrings("es", BACK_OFFICE_SECTION));
    expect(browser.t("backOffice.navigation")).toBe(createI18n("es").t("backOffice.navigation"));
    addSectionStrings(browser, BACK_OFFICE_SECTION, { navigation: "other" });
    expect(browser.t("backOffice.navigation")).toBe(createI18n("es").t("backOffice.navigation"));
  });

  it("leave the server's shared instance as it is", () => {
    const shared = createI18n("en");
    const before = shared.t("backOffice.navigation");
    addSectionStrings(shared, BACK_OFFICE_SECTION, { navigation: "changed" });
    expect(shared.t("backOffice.navigation")).toBe(before);
  });
});

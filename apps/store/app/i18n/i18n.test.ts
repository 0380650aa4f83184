import { describe, expect, it } from "vitest";
import {
  addSectionStrings,
  BACK_OFFICE_SECTION,
  createI18n,
  createI18nFrom,
  documentStrings,
} from "./i18n.ts";
import { sectionStrings } from "./section-strings.server.ts";
import { rememberingPlainKeys } from "./use-translation.ts";

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

describe("the page's t (useTranslation)", () => {
  it("answers as i18next does, asking it once per plain key and every time for a key with options", () => {
    const carried = documentStrings(createI18n("es").getResourceBundle("es", "translation"));
    const instance = createI18nFrom("es", { es: { translation: carried } });
    const asked: unknown[] = [];
    const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => string;
    instance.t = ((...args: unknown[]) => {
      asked.push(args[0]);
      return original(...args);
    }) as unknown as typeof instance.t;
    const t = rememberingPlainKeys(instance);
    const shared = createI18n("es");

    expect(t("cart.miniCartEmpty")).toBe(shared.t("cart.miniCartEmpty"));
    expect(t("cart.miniCartEmpty")).toBe(shared.t("cart.miniCartEmpty"));
    expect(t("site.cartCount", { count: 1 })).toBe("Carrito, 1 artículo");
    expect(t("site.cartCount", { count: 2 })).toBe("Carrito, 2 artículos");
    expect(asked).toEqual(["cart.miniCartEmpty", "site.cartCount", "site.cartCount"]);

    // A key not found yet is asked again: the back office's section may arrive after it.
    expect(t("backOffice.navigation")).toBe("backOffice.navigation");
    addSectionStrings(instance, BACK_OFFICE_SECTION, sectionStrings("es", BACK_OFFICE_SECTION));
    expect(t("backOffice.navigation")).toBe(shared.t("backOffice.navigation"));
  });
});

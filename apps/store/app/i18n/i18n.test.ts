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
  it("answers as i18next does, asking it for a plural every time and never for a plain key", () => {
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
    expect(asked).toEqual(["site.cartCount", "site.cartCount"]);

    // A key not found yet is asked again: the back office's section may arrive after it.
    expect(t("backOffice.navigation")).toBe("backOffice.navigation");
    addSectionStrings(instance, BACK_OFFICE_SECTION, sectionStrings("es", BACK_OFFICE_SECTION));
    expect(t("backOffice.navigation")).toBe(shared.t("backOffice.navigation"));
  });
});

describe("the page's t, against i18next on every string", () => {
  /** Every string's key, with the names of its placeholders. */
  function strings(bundle: Record<string, unknown>, prefix = ""): Array<{ key: string; names: string[] }> {
    return Object.entries(bundle).flatMap(([name, value]) =>
      typeof value === "string"
        ? [{ key: prefix + name, names: [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!) }]
        : strings(value as Record<string, unknown>, `${prefix}${name}.`),
    );
  }
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  // Values that would go wrong if filled in naively: nesting, placeholders, markup, empty, numbers.
  const VALUES: unknown[] = [
    "Ana",
    "",
    "$t(cart.miniCartEmpty)",
    "{{name}} and {{count}}",
    "<b>&amp;</b>",
    0,
    3,
    2.5,
    -1,
  ];

  for (const locale of ["en", "es"] as const) {
    it(`(${locale}) gives i18next's text for every key, with and without values, asking it only where it must`, () => {
      const oracle = createI18n(locale);
      const instance = createI18nFrom(locale, {
        [locale]: { translation: oracle.getResourceBundle(locale, "translation") },
      });
      const asked: unknown[][] = [];
      const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => string;
      instance.t = ((...args: unknown[]) => {
        asked.push(args);
        return original(...args);
      }) as unknown as typeof instance.t;
      const t = rememberingPlainKeys(instance) as unknown as (...args: unknown[]) => unknown;
      const answer = oracle.t.bind(oracle) as unknown as (...args: unknown[]) => unknown;

      const all = strings(oracle.getResourceBundle(locale, "translation") as Record<string, unknown>);
      expect(all.length).toBeGreaterThan(500);
      let filled = 0;
      for (const { key, names } of all) {
        const base = key.replace(PLURAL, "");
        if (base !== key) {
          for (const count of [0, 1, 2, 5])
            expect(t(base, { count }), `${base} ${count}`).toBe(answer(base, { count }));
          continue;
        }
        expect(t(key), key).toBe(answer(key));
        for (const value of VALUES) {
          const values = Object.fromEntries(names.map((name) => [name, value]));
          expect(t(key, values), `${key} ${String(value)}`).toBe(answer(key, values));
          if (names.length > 0) filled++;
        }
        // A value missing, or of another kind, and i18next's own options: i18next answers.
        if (names.length > 0) {
          expect(t(key, {}), `${key} without values`).toBe(answer(key, {}));
          const objects = Object.fromEntries(names.map((name) => [name, { name: "x" }]));
          expect(t(key, objects), `${key} with objects`).toBe(answer(key, objects));
        }
        expect(t(key, { defaultValue: "d" }), `${key} with a default`).toBe(
          answer(key, { defaultValue: "d" }),
        );
      }
      expect(filled).toBeGreaterThan(100);
      expect(t("no.such.key", { name: "x" })).toBe("no.such.key");
      expect(t("no.such.key", { defaultValue: "Fallback {{name}}", name: "x" })).toBe("Fallback x");

      // i18next was asked for plurals, defaults, values it must write, keys not found: never for a
      // string without placeholders, once for one asked without its values, never for one given
      // strings or numbers.
      const withPlaceholders = new Set(all.filter(({ names }) => names.length > 0).map(({ key }) => key));
      const plain = asked.filter(([, options]) => options === undefined).map(([key]) => key as string);
      expect(plain.filter((key) => !withPlaceholders.has(key))).toEqual([]);
      expect(new Set(plain).size).toBe(plain.length);
      const valuesOnly = asked.filter(
        ([, options]) =>
          typeof options === "object" &&
          Object.keys(options as object).length > 0 &&
          Object.entries(options as object).every(
            ([name, value]) =>
              name !== "count" &&
              !name.startsWith("defaultValue") &&
              (typeof value === "number" || (typeof value === "string" && !value.includes("{{"))),
          ),
      );
      expect(valuesOnly.map(([key]) => key)).toEqual(["no.such.key"]);
    });
  }
});

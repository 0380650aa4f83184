import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./en.json";
import es from "./es.json";

export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export const resources = { en: { translation: en }, es: { translation: es } } as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/**
 * Sections of the strings that the storefront's pages leave out of their documents: the mail's are
 * used on the server only, the back office's arrive with the back office's own data
 * (`sectionStrings`, `addSectionStrings`), so a shopper's page does not carry them.
 */
export const SERVER_ONLY_SECTIONS = ["mail"] as const;
export const BACK_OFFICE_SECTION = "backOffice";

type Strings = Record<string, unknown>;

/** The strings a page's document carries to the browser: all but the sections above. */
export function documentStrings(bundle: Strings): Strings {
  const left: Strings = { ...bundle };
  for (const section of [...SERVER_ONLY_SECTIONS, BACK_OFFICE_SECTION]) delete left[section];
  return left;
}

/**
 * Adds a section that the document left out to the browser's instance, before the route's first
 * render uses it. On the server (and after the first time) the section is already there, so the
 * shared instances are never changed.
 */
export function addSectionStrings(instance: i18n, section: string, strings: Strings): void {
  if (instance.getResource(instance.language, "translation", section) !== undefined) return;
  instance.addResourceBundle(instance.language, "translation", { [section]: strings }, true, false);
}

/** The head's link to the page language's strings file (`StringsLink`, decision 0085). */
export const TRANSLATIONS_ELEMENT_ID = "vitrine-translations";

const shared = new Map<Locale, i18n>();

/**
 * The i18next instance for a language, made once and shared by every request in that language:
 * setting one up costs more than rendering most of a page's strings. Nothing may change it after
 * set-up, so changing its language throws instead of switching every other request's.
 */
export function createI18n(locale: Locale): i18n {
  let instance = shared.get(locale);
  if (!instance) {
    instance = createI18nFrom(locale, resources);
    instance.changeLanguage = () => {
      throw new Error("A shared i18next instance keeps its language; use createI18n(locale) for another.");
    };
    shared.set(locale, instance);
  }
  return instance;
}

/**
 * An instance over the given strings. The browser passes only the page language's (both languages
 * hold the same keys, a test checks), so it never downloads the other language's as JavaScript.
 */
export function createI18nFrom(
  locale: Locale,
  translations: Partial<Record<Locale, { translation: unknown }>>,
): i18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: defaultLocale,
    resources: translations as typeof resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

import { defaultLocale, isLocale, type Locale } from "./i18n.ts";

/**
 * The translation cookie keeps the flag switcher's choice as `/{page language}/{target}`, the format
 * that translation widgets in the wild write (`/en/es`); `/en/en` or no cookie means English.
 */
export const TRANSLATION_COOKIE = "googtrans";

export function localeFromTranslationCookie(value: string | undefined): Locale {
  const target = value?.split("/").filter(Boolean)[1];
  return isLocale(target) ? target : defaultLocale;
}

export function translationCookieValue(locale: Locale): string {
  return `/${defaultLocale}/${locale}`;
}

/**
 * `?lang=es` (or `?lang=en`) gives each language its own address, for search engines and shared
 * links: it wins over the cookie for that one request and is never stored (docs/decisions/0003).
 */
export const LANGUAGE_PARAMETER = "lang";

export function requestLocale(languageParameter: unknown, cookieValue: string | undefined): Locale {
  return isLocale(languageParameter) ? languageParameter : localeFromTranslationCookie(cookieValue);
}

/** A local path without the language parameter, so that switching language is not undone by it. */
export function withoutLanguageParameter(path: string | undefined): string | undefined {
  if (!path?.startsWith("/") || path.startsWith("//")) return path;
  const url = new URL(path, "http://local");
  url.searchParams.delete(LANGUAGE_PARAMETER);
  return url.pathname + url.search + url.hash;
}

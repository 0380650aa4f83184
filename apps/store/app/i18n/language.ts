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

import type { Locale } from "./i18n.ts";

const intlLocales: Record<Locale, string> = { en: "en-US", es: "es-ES" };
const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer minor units (cents) as money in the shopper's language. */
export function formatPrice(cents: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocales[locale], { style: "currency", currency });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocales[locale], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

/** A moment with its time of day, for histories: "March 1, 2025 at 10:00 AM UTC" (UTC, as dates are shown). */
export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocales[locale], {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(iso));
}

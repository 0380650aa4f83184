import type { Locale } from "./i18n.ts";

/**
 * Counts, shares and languages' names for the back office and the page editor, one `Intl` object per
 * language and kind, built on first use: building one costs far more than using it, and a report
 * writes a figure per cell. Apart from `format.ts`, so the storefront's bundle, which writes none of
 * these, does not carry them.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(kind: "count" | "percent", locale: Locale): Intl.NumberFormat {
  const key = `${kind}:${locale}`;
  let format = numberFormats.get(key);
  if (!format) {
    format =
      kind === "count"
        ? new Intl.NumberFormat(locale)
        : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
    numberFormats.set(key, format);
  }
  return format;
}

/** A whole count in the language's digits and groups: "1,234", "1234" / "12.345" in Spanish. */
export function formatCount(value: number, locale: Locale): string {
  return numberFormat("count", locale).format(value);
}

/** A share (0.125 for 12.5 %) with at most one decimal, as the language writes percentages. */
export function formatPercent(value: number, locale: Locale): string {
  return numberFormat("percent", locale).format(value);
}

const languageNamesByLanguage = new Map<string, Intl.DisplayNames>();

/** Languages' names written in `language` ("Spanish", "español"). */
export function languageNames(language: string): Intl.DisplayNames {
  let names = languageNamesByLanguage.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: "language" });
    languageNamesByLanguage.set(language, names);
  }
  return names;
}

import type { Locale } from "./i18n.ts";

const intlLocales: Record<Locale, string> = { en: "en-US", es: "es-ES" };

/**
 * How one language writes amounts of one currency, read once from `Intl.NumberFormat`: what comes
 * before and after the number at or above zero and below it, the separators, the digits after the
 * decimal separator, and from how many integer digits groups are written (4 in English: "1,234";
 * 5 in Spanish: "1234" but "12.345"). Groups are of three digits, as in both of our languages.
 *
 * The root's data carries the store currency's format for the page's language, so that the
 * browser writes prices without building a number formatter of its own: the first one a page
 * builds loads the browser's number data, 100–150 ms at 4× CPU slowdown in one task (decision
 * 0093). Server and browser write every amount through `formatMoney`, so both write the same text.
 */
export type MoneyFormat = {
  positive: [string, string];
  negative: [string, string];
  group: string;
  decimal: string;
  fractionDigits: number;
  groupFrom: number;
};

const NUMBER_PARTS = new Set(["integer", "group", "decimal", "fraction"]);
const formats = new Map<string, MoneyFormat>();

function readMoneyFormat(currency: string, locale: Locale): MoneyFormat {
  const formatter = new Intl.NumberFormat(intlLocales[locale], { style: "currency", currency });
  const affixes = (value: number): [string, string] => {
    const parts = formatter.formatToParts(value);
    const inNumber = parts.map((part) => NUMBER_PARTS.has(part.type));
    const first = inNumber.indexOf(true);
    const last = inNumber.lastIndexOf(true);
    const text = (from: number, to: number) =>
      parts
        .slice(from, to)
        .map((part) => part.value)
        .join("");
    return [text(0, first), text(last + 1, parts.length)];
  };
  const sample = formatter.formatToParts(1234567.5);
  return {
    positive: affixes(1234567.5),
    negative: affixes(-1234567.5),
    group: sample.find((part) => part.type === "group")?.value ?? "",
    decimal: sample.find((part) => part.type === "decimal")?.value ?? ".",
    fractionDigits: formatter.resolvedOptions().maximumFractionDigits ?? 2,
    groupFrom: formatter.formatToParts(1234).some((part) => part.type === "group") ? 4 : 5,
  };
}

/** The format of `currency` in `locale`: one given by `rememberMoneyFormat`, else read from Intl once. */
export function moneyFormatOf(currency: string, locale: Locale): MoneyFormat {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = readMoneyFormat(currency, locale);
    formats.set(key, format);
  }
  return format;
}

/** Keeps a format read elsewhere (the server's, from the root's data) for `formatPrice` to use. */
export function rememberMoneyFormat(currency: string, locale: Locale, format: MoneyFormat): void {
  formats.set(`${locale}:${currency}`, format);
}

/**
 * Integer minor units (cents) as the format writes them: the same text as `Intl.NumberFormat` for
 * `cents / 100`, rounding half away from zero where the currency has fewer than two decimals.
 */
export function formatMoney(format: MoneyFormat, cents: number): string {
  const negative = cents < 0 || Object.is(cents, -0);
  const digits = format.fractionDigits;
  const units = Math.abs(cents);
  const scale = 10 ** Math.max(0, 2 - digits);
  const rounded = Math.floor((units + scale / 2) / scale);
  const whole = String(rounded * 10 ** Math.max(0, digits - 2)).padStart(digits + 1, "0");
  const integer = whole.slice(0, whole.length - digits);
  const fraction = whole.slice(whole.length - digits);
  const grouped =
    format.group && integer.length >= format.groupFrom
      ? integer.replace(/\B(?=(\d{3})+$)/g, format.group)
      : integer;
  const [before, after] = negative ? format.negative : format.positive;
  return `${before}${grouped}${fraction ? format.decimal + fraction : ""}${after}`;
}

/** Formats integer minor units (cents) as money in the shopper's language. */
export function formatPrice(cents: number, currency: string, locale: Locale): string {
  return formatMoney(moneyFormatOf(currency, locale), cents);
}

/**
 * One formatter per language and kind, built on first use: a formatter costs far more to build than
 * to use (the browser loads its date data for the first one; the back office's tables write a date
 * per row).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(kind: "date" | "dateTime", locale: Locale): Intl.DateTimeFormat {
  const key = `${kind}:${locale}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      intlLocales[locale],
      kind === "date"
        ? { dateStyle: "long", timeZone: "UTC" }
        : {
            year: "numeric",
            month: "long",
            day: "numeric",
            hour: "numeric",
            minute: "2-digit",
            timeZone: "UTC",
            timeZoneName: "short",
          },
    );
    dateFormats.set(key, format);
  }
  return format;
}

/** A day, for dates: "March 1, 2025" (UTC, as dates are shown). */
export function formatDate(iso: string, locale: Locale): string {
  return dateFormat("date", locale).format(new Date(iso));
}

/** A moment with its time of day, for histories: "March 1, 2025 at 10:00 AM UTC" (UTC, as dates are shown). */
export function formatDateTime(iso: string, locale: Locale): string {
  return dateFormat("dateTime", locale).format(new Date(iso));
}

const regionNamesByLanguage = new Map<string, Intl.DisplayNames>();

/**
 * Countries' names in a language, one `Intl.DisplayNames` per language: the checkout's country list
 * names some 250 countries twice on every render, and building the names costs far more than
 * reading them.
 */
export function regionNames(language: string): Intl.DisplayNames {
  let names = regionNamesByLanguage.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: "region" });
    regionNamesByLanguage.set(language, names);
  }
  return names;
}

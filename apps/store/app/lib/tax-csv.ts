import { parseCsv, toCsv } from "./csv.ts";
import {
  STANDARD_CLASS_SLUG,
  slugFromName,
  splitList,
  type TaxRateFields,
  taxCity,
  taxClassSlug,
  taxCountry,
  taxPostcode,
  taxRatePercent,
  taxState,
} from "./tax-resource.ts";
import type { TaxRate } from "./totals/totals-types.ts";

/**
 * WooCommerce's tax-rate CSV (its importer and its rates table's "Export CSV", decision 0067): ten
 * columns in this order, "*" for every country, state, postcode or city, postcodes and cities
 * separated by ";", compound and shipping as 1 or 0, the class's slug or name (empty: standard).
 */
export const TAX_CSV_COLUMNS = [
  "Country code",
  "State code",
  "Postcode / ZIP",
  "City",
  "Rate %",
  "Tax name",
  "Priority",
  "Compound",
  "Shipping",
  "Tax class",
] as const;

/** The rates as WooCommerce's export writes them, in the order given. */
export function taxRatesCsv(rates: readonly TaxRate[]): string {
  return toCsv([
    [...TAX_CSV_COLUMNS],
    ...rates.map((rate) => [
      rate.country || "*",
      rate.state || "*",
      rate.postcodes.length > 0 ? rate.postcodes.join("; ") : "*",
      rate.cities.length > 0 ? rate.cities.join("; ") : "*",
      rate.rate,
      rate.name,
      rate.priority,
      rate.compound ? 1 : 0,
      rate.shipping ? 1 : 0,
      rate.class,
    ]),
  ]);
}

/** A rate read from the file: everything but its order, which the import gives. */
export type CsvTaxRate = Omit<TaxRateFields, "order">;

/** Where a file was refused: its line (the header is line 1) and the column at fault (or "file"). */
export type TaxCsvRefusal = { line: number; column: (typeof TAX_CSV_COLUMNS)[number] | "file" };

export type TaxCsvResult = { ok: true; rates: CsvTaxRate[] } | ({ ok: false } & TaxCsvRefusal);

/** A field that csvField kept from running as a formula ("'=…"), as it was written. */
const unguarded = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** PHP's truthiness, as WooCommerce's importer reads "Compound" and "Shipping": "" and "0" are false. */
const flag = (text: string) => text.trim() !== "" && text.trim() !== "0";

function readRow(row: string[]): CsvTaxRate | TaxCsvRefusal["column"] {
  const [country, state, postcode, city, rate, name, priority, compound, shipping, taxClass] =
    row.map(unguarded);
  const parsedCountry = taxCountry.safeParse(country);
  if (!parsedCountry.success) return "Country code";
  const parsedState = taxState.safeParse(state);
  if (!parsedState.success) return "State code";
  // A spreadsheet turns a range's "..." into "…"; WooCommerce reads it back as "...".
  const postcodes = splitList((postcode ?? "").replaceAll("\u2026", "...")).map((code) =>
    taxPostcode.safeParse(code),
  );
  if (!postcodes.every((code) => code.success)) return "Postcode / ZIP";
  const cities = splitList(city ?? "").map((code) => taxCity.safeParse(code));
  if (!cities.every((code) => code.success)) return "City";
  const parsedRate = taxRatePercent.safeParse(rate?.trim() === "" ? "0" : rate);
  if (!parsedRate.success) return "Rate %";
  if ((name ?? "").length > 200) return "Tax name";
  const priorityText = (priority ?? "").trim();
  if (priorityText !== "" && !/^\d{1,4}$/.test(priorityText)) return "Priority";
  // WooCommerce's own "Export CSV" writes the tab's class name ("Reduced rate"), and its importer
  // reads the column through sanitize_title, as `slugFromName` makes a slug (a slug stays itself).
  const classText = (taxClass ?? "").trim();
  const slug = classText === "" ? "" : slugFromName(classText);
  if (
    classText !== "" &&
    (slug === "" || (slug !== STANDARD_CLASS_SLUG && !taxClassSlug.safeParse(slug).success))
  )
    return "Tax class";
  return {
    country: parsedCountry.data,
    state: parsedState.data,
    postcodes: postcodes.map((code) => code.data!),
    cities: cities.map((code) => code.data!),
    rate: parsedRate.data,
    name: (name ?? "").trim(),
    // WooCommerce's importer takes absint(""), 0 (not the REST API's default 1): read as 1, it would
    // share a priority with the file's 1s, and only one of them would be charged.
    priority: priorityText === "" ? 0 : Number(priorityText),
    compound: flag(compound ?? ""),
    shipping: flag(shipping ?? ""),
    class: slug === STANDARD_CLASS_SLUG ? "" : slug,
  };
}

/**
 * Every rate of a WooCommerce tax-rate CSV, or where it is wrong: a header of ten columns, then ten
 * fields a row. Nothing is taken from a file with one wrong field (whether its classes exist is the
 * service's check).
 */
export function parseTaxRatesCsv(text: string, maxRows = 5000): TaxCsvResult {
  const rows = parseCsv(text);
  if (!rows || rows.length === 0 || rows[0]!.length !== TAX_CSV_COLUMNS.length)
    return { ok: false, line: 1, column: "file" };
  if (rows.length - 1 > maxRows) return { ok: false, line: maxRows + 2, column: "file" };
  const rates: CsvTaxRate[] = [];
  for (const [index, row] of rows.slice(1).entries()) {
    const line = index + 2;
    if (row.length !== TAX_CSV_COLUMNS.length) return { ok: false, line, column: "file" };
    const read = readRow(row);
    if (typeof read === "string") return { ok: false, line, column: read };
    rates.push(read);
  }
  return { ok: true, rates };
}

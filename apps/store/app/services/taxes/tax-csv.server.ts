import { type Database, taxClasses, taxRates } from "@vitrine/db";
import { inArray } from "drizzle-orm";
import { parseTaxRatesCsv, type TaxCsvRefusal, taxRatesCsv } from "../../lib/tax-csv.ts";
import { forgetTaxRates, loadTaxRates, nextOrders } from "./tax-rates.server.ts";

/**
 * WooCommerce's tax-rate CSV in and out (decision 0067). An import adds the file's rates after each
 * class's own, in the file's order, all in one transaction: a file with one wrong field, or a class
 * the store does not have, adds nothing.
 */

export class TaxCsvError extends Error {
  override name = "TaxCsvError";
  constructor(readonly refusal: TaxCsvRefusal) {
    super(`The tax rates file is invalid: line ${refusal.line}, ${refusal.column}.`);
  }
}

export async function importTaxRates(db: Database, text: string): Promise<{ imported: number }> {
  const parsed = parseTaxRatesCsv(text);
  if (!parsed.ok) throw new TaxCsvError({ line: parsed.line, column: parsed.column });
  const classes = [...new Set(parsed.rates.map((rate) => rate.class))];
  const imported = await db.transaction(async (tx) => {
    const named = classes.filter((slug) => slug !== "");
    const known = named.length
      ? await tx.select({ slug: taxClasses.slug }).from(taxClasses).where(inArray(taxClasses.slug, named))
      : [];
    const knownSlugs = new Set(["", ...known.map((row) => row.slug)]);
    const unknown = parsed.rates.findIndex((rate) => !knownSlugs.has(rate.class));
    if (unknown >= 0) throw new TaxCsvError({ line: unknown + 2, column: "Tax class" });
    if (parsed.rates.length === 0) return 0;
    const next = await nextOrders(tx, classes);
    const rows = parsed.rates.map(({ class: taxClass, ...rate }) => {
      const order = next.get(taxClass) ?? 0;
      next.set(taxClass, order + 1);
      return { ...rate, taxClass, order };
    });
    await tx.insert(taxRates).values(rows);
    return rows.length;
  });
  forgetTaxRates(db);
  return { imported };
}

/** The rates of one class (or every class) as WooCommerce's export writes them, in the owner's order. */
export async function exportTaxRates(db: Database, taxClass?: string): Promise<string> {
  const rates = await loadTaxRates(db);
  return taxRatesCsv(taxClass === undefined ? rates : rates.filter((rate) => rate.class === taxClass));
}

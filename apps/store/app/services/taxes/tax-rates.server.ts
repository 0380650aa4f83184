import { type Database, products, taxClasses, taxRates, variations } from "@vitrine/db";
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import {
  slugFromName,
  TAX_RATE_DEFAULTS,
  type TaxClassInput,
  type TaxRateFields,
  type TaxRateInput,
} from "../../lib/tax-resource.ts";
import type { TaxRate } from "../../lib/totals/totals-types.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";

/**
 * Tax classes and the rates table (issue 41, decision 0067), in WooCommerce's model. The cart reads
 * the whole table on every computation through `loadTaxRates`, from memory: each process keeps the
 * table per database until a change empties it (`forgetTaxRates`: the writer's own process at once,
 * every other one through the change feed, `followChanges` in server/caches.server.ts).
 */

/** A tax class; the standard class is slug "" and is not a row. */
export type TaxClass = { slug: string; name: string };

export const STANDARD_CLASS: TaxClass = { slug: "", name: "Standard" };

const rateColumns = {
  id: taxRates.id,
  class: taxRates.taxClass,
  country: taxRates.country,
  state: taxRates.state,
  postcodes: taxRates.postcodes,
  cities: taxRates.cities,
  rate: taxRates.rate,
  name: taxRates.name,
  priority: taxRates.priority,
  compound: taxRates.compound,
  shipping: taxRates.shipping,
  order: taxRates.order,
};

/** The rates table as each process keeps it, per database (tests make one database per file). */
const cachedRates = new WeakMap<Database, Promise<TaxRate[]>>();

/**
 * Every rate, each class's in the owner's order: from memory after the first read. A read that
 * fails is not kept, so the next call reads again.
 */
export function loadTaxRates(db: Database): Promise<TaxRate[]> {
  const kept = cachedRates.get(db);
  if (kept) return kept;
  // A promise of its own: Drizzle's query runs again on each `then`.
  const loading: Promise<TaxRate[]> = Promise.resolve().then(() =>
    db
      .select(rateColumns)
      .from(taxRates)
      .orderBy(asc(taxRates.taxClass), asc(taxRates.order), asc(taxRates.id)),
  );
  cachedRates.set(db, loading);
  loading.then(
    (rates) => {
      if (cachedRates.get(db) === loading) readRates.set(db, rates);
    },
    () => {
      if (cachedRates.get(db) === loading) cachedRates.delete(db);
    },
  );
  return loading;
}

/** The rates once read, for callers that cannot wait (the page cache's key: decision 0071). */
const readRates = new WeakMap<Database, TaxRate[]>();

/** This process's copy of the rates if it has read them, without reading. */
export function loadedTaxRates(db: Database): TaxRate[] | undefined {
  return readRates.get(db);
}

/** Empties this process's copy of the rates: the next `loadTaxRates` reads the table again. */
export function forgetTaxRates(db: Database): void {
  cachedRates.delete(db);
  readRates.delete(db);
}

/** What a change to the rates or classes owes: this process's copy goes at once, and every process's cached pages (which show prices with or without tax) and copies with them. */
export function taxesChanged(context: { db: Database; invalidatePages: (tags?: readonly string[]) => void }) {
  forgetTaxRates(context.db);
  context.invalidatePages();
}

/** The classes, the standard one first, then the owner's in the order they were made. */
export async function loadTaxClasses(db: Database): Promise<TaxClass[]> {
  const rows = await db
    .select({ slug: taxClasses.slug, name: taxClasses.name })
    .from(taxClasses)
    .orderBy(asc(taxClasses.id));
  return [STANDARD_CLASS, ...rows];
}

export type TaxRateList = { rates: TaxRate[]; total: number };

/** A page of rates, of one class or all (`GET /taxes`). */
export async function listTaxRates(
  db: Database,
  query: {
    class?: string;
    orderby: "id" | "order" | "priority";
    order: "asc" | "desc";
    limit: number;
    offset: number;
  },
): Promise<TaxRateList> {
  const where = query.class === undefined ? undefined : eq(taxRates.taxClass, query.class);
  const column = { id: taxRates.id, order: taxRates.order, priority: taxRates.priority }[query.orderby];
  const direction = query.order === "asc" ? asc : desc;
  const [rates, [counted]] = await Promise.all([
    db
      .select(rateColumns)
      .from(taxRates)
      .where(where)
      .orderBy(direction(column), direction(taxRates.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(taxRates).where(where),
  ]);
  return { rates, total: counted?.total ?? 0 };
}

export async function taxRate(db: Database, id: number): Promise<TaxRate | null> {
  const [found] = await db.select(rateColumns).from(taxRates).where(eq(taxRates.id, id));
  return found ?? null;
}

type Queryable = Pick<Database, "select">;

/** Refuses a class that is not the standard one and not a row. */
export async function checkTaxClass(db: Queryable, slug: string, param = "class"): Promise<void> {
  if (slug === "") return;
  const [found] = await db.select({ id: taxClasses.id }).from(taxClasses).where(eq(taxClasses.slug, slug));
  if (!found) throw new AdminInputError("rest_invalid_param", `Invalid parameter: ${param}`, param);
}

/** The row's columns for a rate's fields. */
function rowOf<T extends Partial<TaxRateFields>>(fields: T): Omit<T, "class"> & { taxClass?: string } {
  const { class: taxClass, ...rest } = fields;
  return { ...rest, ...(taxClass === undefined ? {} : { taxClass }) };
}

/** Only the fields the input gives (undefined ones are left out, so they keep the stored value). */
function givenFields(input: TaxRateInput): Partial<TaxRateFields> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<TaxRateFields>;
}

/** A new rate, WooCommerce's defaults for what the input leaves out. */
export async function createTaxRate(db: Database, input: TaxRateInput): Promise<TaxRate> {
  const fields = { ...TAX_RATE_DEFAULTS, ...givenFields(input) };
  await checkTaxClass(db, fields.class);
  const [created] = await db.insert(taxRates).values(rowOf(fields)).returning(rateColumns);
  forgetTaxRates(db);
  return created!;
}

/** Changes what the input gives; null when there is no such rate. */
export async function updateTaxRate(db: Database, id: number, input: TaxRateInput): Promise<TaxRate | null> {
  const fields = givenFields(input);
  if (fields.class !== undefined) await checkTaxClass(db, fields.class);
  if (Object.keys(fields).length === 0) return taxRate(db, id);
  const [updated] = await db
    .update(taxRates)
    .set(rowOf(fields))
    .where(eq(taxRates.id, id))
    .returning(rateColumns);
  forgetTaxRates(db);
  return updated ?? null;
}

/** Deletes a rate and answers it as it was; null when there is no such rate. */
export async function deleteTaxRate(db: Database, id: number): Promise<TaxRate | null> {
  const [deleted] = await db.delete(taxRates).where(eq(taxRates.id, id)).returning(rateColumns);
  forgetTaxRates(db);
  return deleted ?? null;
}

/** A new class; its slug is made from the name unless given. Refused when the slug is taken. */
export async function createTaxClass(db: Database, input: TaxClassInput): Promise<TaxClass> {
  const slug = input.slug ?? slugFromName(input.name);
  if (slug === "" || slug === "standard")
    throw new AdminInputError(
      "woocommerce_rest_tax_class_exists",
      "Cannot create existing resource.",
      "name",
    );
  const [created] = await db
    .insert(taxClasses)
    .values({ slug, name: input.name })
    .onConflictDoNothing()
    .returning({ slug: taxClasses.slug, name: taxClasses.name });
  if (!created)
    throw new AdminInputError(
      "woocommerce_rest_tax_class_exists",
      "Cannot create existing resource.",
      "slug",
    );
  return created;
}

/**
 * Deletes a class with its rates, in one transaction; its products go to the standard class and
 * its variations to their product's, as WooCommerce resets the class of whatever used it. Null
 * when there is no such class (the standard one cannot be deleted).
 */
export async function deleteTaxClass(db: Database, slug: string): Promise<TaxClass | null> {
  if (slug === "") return null;
  const deleted = await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(taxClasses)
      .where(eq(taxClasses.slug, slug))
      .returning({ slug: taxClasses.slug, name: taxClasses.name });
    if (!removed) return null;
    await tx.delete(taxRates).where(eq(taxRates.taxClass, slug));
    await tx.update(products).set({ taxClass: "" }).where(eq(products.taxClass, slug));
    await tx.update(variations).set({ taxClass: "parent" }).where(eq(variations.taxClass, slug));
    return removed;
  });
  forgetTaxRates(db);
  return deleted;
}

/** The next order number in each class: after the class's last rate. */
export async function nextOrders(db: Queryable, classes: string[]): Promise<Map<string, number>> {
  if (classes.length === 0) return new Map();
  const rows = await db
    .select({ taxClass: taxRates.taxClass, last: sql<number>`max(${taxRates.order})` })
    .from(taxRates)
    .where(inArray(taxRates.taxClass, classes))
    .groupBy(taxRates.taxClass);
  const next = new Map(classes.map((slug) => [slug, 0]));
  for (const row of rows) next.set(row.taxClass, Number(row.last) + 1);
  return next;
}

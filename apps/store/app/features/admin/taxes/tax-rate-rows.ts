import { type FieldRefusal, fieldRefusal } from "../../../lib/rest-refusal.ts";
import { type TaxRateRecord, taxRateInput } from "../../../lib/tax-resource.ts";

/**
 * The rates table of one class as the back office edits it (decision 0067): each row's fields as
 * typed, read back into one `POST /taxes/batch` (new rows created, changed rows updated, removed
 * rows deleted), each row checked by the REST route's own schema before anything is sent.
 */

export type RateDraft = {
  key: string;
  /** The saved rate's id; none for a row added here. */
  id?: number;
  country: string;
  state: string;
  /** Postcodes and cities as WooCommerce's table types them: separated by ";". */
  postcodes: string;
  cities: string;
  rate: string;
  name: string;
  priority: string;
  compound: boolean;
  shipping: boolean;
  order: string;
};

let drafts = 0;
const nextKey = () => `rate-${++drafts}`;

export function rateDraft(rate: TaxRateRecord): RateDraft {
  return {
    key: `rate-id-${rate.id}`,
    id: rate.id,
    country: rate.country,
    state: rate.state,
    postcodes: rate.postcodes.join("; "),
    cities: rate.cities.join("; "),
    rate: rate.rate,
    name: rate.name,
    priority: String(rate.priority),
    compound: rate.compound,
    shipping: rate.shipping,
    order: String(rate.order),
  };
}

/** A new row, after the others: WooCommerce's "Insert row" (every place, priority 1, shipping taxed). */
export function emptyRate(after: readonly RateDraft[]): RateDraft {
  const last = Math.max(-1, ...after.map((row) => Number(row.order) || 0));
  return {
    key: nextKey(),
    country: "",
    state: "",
    postcodes: "",
    cities: "",
    rate: "",
    name: "",
    priority: "1",
    compound: false,
    shipping: true,
    order: String(last + 1),
  };
}

const list = (text: string) =>
  text
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== "*");

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** A row as `POST /taxes` takes it, for the class `slug` ("standard" for the standard class). */
export function rateBody(row: RateDraft, slug: string) {
  return {
    country: row.country,
    state: row.state,
    postcodes: list(row.postcodes),
    cities: list(row.cities),
    rate: row.rate.trim() === "" ? "0" : row.rate.trim().replace(",", "."),
    name: row.name,
    priority: wholeNumber(row.priority),
    compound: row.compound,
    shipping: row.shipping,
    order: wholeNumber(row.order),
    class: slug,
  };
}

export type RatesBatch = {
  create: Array<ReturnType<typeof rateBody>>;
  update: Array<ReturnType<typeof rateBody> & { id: number }>;
  delete: number[];
};

/**
 * The batch that makes `saved` into `rows`, or the first row the route would refuse (its position
 * in the table, from 1, and the field at fault). Unchanged rows are not sent.
 */
export function ratesBatch(
  saved: readonly TaxRateRecord[],
  rows: readonly RateDraft[],
  slug: string,
): { batch: RatesBatch; refusal: null } | { batch: null; refusal: FieldRefusal & { row: number } } {
  const batch: RatesBatch = { create: [], update: [], delete: [] };
  for (const [index, row] of rows.entries()) {
    const body = rateBody(row, slug);
    const checked = taxRateInput.safeParse(body);
    if (!checked.success) return { batch: null, refusal: { ...fieldRefusal(checked.error), row: index + 1 } };
    const before = saved.find((rate) => rate.id === row.id);
    if (!before) batch.create.push(body);
    else if (JSON.stringify(rateBody(rateDraft(before), slug)) !== JSON.stringify(body))
      batch.update.push({ id: before.id, ...body });
  }
  const kept = new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  batch.delete = saved.filter((rate) => !kept.has(rate.id)).map((rate) => rate.id);
  return { batch, refusal: null };
}

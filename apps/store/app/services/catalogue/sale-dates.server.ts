import { type Database, type products, selectRows, type variations } from "@vitrine/db";
import { type SQL, sql } from "drizzle-orm";

/**
 * A sale price holds only between its sale dates (WooCommerce's "Schedule": from the first day's
 * 00:00 to the last day's 23:59:59), decided where the price is read, so a page, a listing and a
 * cart agree at any moment without a job having to move prices first (decision 0079). Days are
 * UTC days, as the owner's figures' (decision 0037): the store has no time zone of its own yet.
 */

/** The store's day now, in SQL: the UTC date. */
const TODAY = sql.raw(`(now() at time zone 'UTC')::date`);

/**
 * The sale price of the row `alias` names (a product's or a variation's, in a statement written as
 * SQL), or null outside its sale dates.
 */
export function activeSale(alias: string): SQL {
  const at = sql.raw(alias);
  // One line: the tests that count statements, and the statement logs, match them line by line.
  const begun = sql`(${at}.date_on_sale_from is null or ${at}.date_on_sale_from <= ${TODAY})`;
  const notOver = sql`(${at}.date_on_sale_to is null or ${at}.date_on_sale_to >= ${TODAY})`;
  return sql`(case when ${begun} and ${notOver} then ${at}.sale_price end)`;
}

/** The same for a Drizzle table's row: the product's or variation's sale price within its dates, else null. */
export function activeSaleOf(table: typeof products | typeof variations): SQL<number | null> {
  const begun = sql`(${table.dateOnSaleFrom} is null or ${table.dateOnSaleFrom} <= ${TODAY})`;
  const notOver = sql`(${table.dateOnSaleTo} is null or ${table.dateOnSaleTo} >= ${TODAY})`;
  return sql<number | null>`(case when ${begun} and ${notOver} then ${table.salePrice} end)`;
}

/** The same rule in the process: whether a sale of these days (`YYYY-MM-DD`, null open) holds at `now`. */
export function saleHoldsOn(from: string | null, to: string | null, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  return (from === null || from <= today) && (to === null || to >= today);
}

/** Every how often the pages of products whose sale began or ended are dropped (a sale turns at 00:00 UTC). */
export const SALE_TURN_CHECK_MS = 60_000;

/**
 * The products (variations by their product) whose sale began or ended in `(since, until]`: a sale
 * begins at its first day's 00:00 and ends at the 00:00 after its last day. Their cached pages,
 * listings and indexes show the price of before until they are announced.
 */
export async function productsWhoseSaleTurned(db: Database, since: Date, until: Date): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from products
        where (date_on_sale_from::timestamp at time zone 'UTC' > ${since.toISOString()}::timestamptz
               and date_on_sale_from::timestamp at time zone 'UTC' <= ${until.toISOString()}::timestamptz)
           or ((date_on_sale_to + 1)::timestamp at time zone 'UTC' > ${since.toISOString()}::timestamptz
               and (date_on_sale_to + 1)::timestamp at time zone 'UTC' <= ${until.toISOString()}::timestamptz)
        union
        select product_id from variations
        where (date_on_sale_from::timestamp at time zone 'UTC' > ${since.toISOString()}::timestamptz
               and date_on_sale_from::timestamp at time zone 'UTC' <= ${until.toISOString()}::timestamptz)
           or ((date_on_sale_to + 1)::timestamp at time zone 'UTC' > ${since.toISOString()}::timestamptz
               and (date_on_sale_to + 1)::timestamp at time zone 'UTC' <= ${until.toISOString()}::timestamptz)`,
  );
  return rows.map((row) => Number(row.id));
}

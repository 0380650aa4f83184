import { z } from "zod";
import type { ListingQuery, StockFilter } from "../../lib/listing-query.ts";
import { stockFilterValues } from "../../lib/listing-query.ts";
import { orderbyValues } from "../../lib/orderby.ts";

/** Attribute and term slugs as the back office makes them; anything else in an address is left out. */
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
/** How many attributes and terms one address may filter by: more is a crawler's loop, not a shopper. */
const MAX_ATTRIBUTES = 10;
const MAX_TERMS = 50;

const orderbySchema = z.enum(orderbyValues).catch("menu_order");
/** Whole currency units (`?min_price=10&max_price=50`), as the price form writes them. */
const priceBound = z.coerce.number().finite().min(0).max(10_000_000).nullable().catch(null);

/** A comma-separated list, also given as repeated parameters (a plain form's checkboxes send those). */
function listOf(params: URLSearchParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter((value) => slug.safeParse(value).success);
  return [...new Set(values)].sort().slice(0, MAX_TERMS);
}

/**
 * Reads a listing address's query (lib/listing-query.ts names the parameters). What it does not
 * understand is left out rather than refused: a shared link with a stale filter still shows a listing.
 */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const attributes: ListingQuery["attributes"] = {};
  const names = [...new Set(params.keys())]
    .filter((key) => key.startsWith("filter_") && key !== "filter_stock_status")
    .map((key) => key.slice("filter_".length))
    .filter((name) => slug.safeParse(name).success)
    .sort()
    .slice(0, MAX_ATTRIBUTES);
  for (const name of names) {
    const terms = listOf(params, `filter_${name}`);
    if (terms.length > 0) {
      attributes[name] = { terms, queryType: params.get(`query_type_${name}`) === "or" ? "or" : "and" };
    }
  }
  const stock = listOf(params, "filter_stock_status").filter((value): value is StockFilter =>
    (stockFilterValues as readonly string[]).includes(value),
  );
  const price = (name: string) => {
    const raw = params.get(name);
    return raw === null || raw.trim() === "" ? null : priceBound.parse(raw);
  };
  return {
    orderby: orderbySchema.parse(params.get("orderby") ?? "menu_order"),
    minPrice: price("min_price"),
    maxPrice: price("max_price"),
    attributes,
    stock,
  };
}

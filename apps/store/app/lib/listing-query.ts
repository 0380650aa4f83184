import type { Orderby } from "./orderby.ts";

/**
 * What narrows and orders a listing, as its address carries it, in WooCommerce's names:
 * `?orderby=price&min_price=10&max_price=50&filter_color=blue,red&query_type_color=or
 * &filter_stock_status=instock`. Shared by the listing's loader and
 * the sidebar and sort form (which write addresses from it). No Zod here: it ships to the browser;
 * the loaders read an address with `services/catalogue/listing-query.server.ts`.
 */
export type ListingQuery = {
  orderby: Orderby;
  /** Whole currency units, as the price form writes them. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Chosen terms by attribute slug (sorted, no repeats); `or` matches any of them, `and` all. */
  attributes: Record<string, { terms: string[]; queryType: "and" | "or" }>;
  /** Chosen stock statuses; empty means any. */
  stock: StockFilter[];
};

export const stockFilterValues = ["instock", "onbackorder", "outofstock"] as const;
export type StockFilter = (typeof stockFilterValues)[number];

export const EMPTY_QUERY: ListingQuery = {
  orderby: "menu_order",
  minPrice: null,
  maxPrice: null,
  attributes: {},
  stock: [],
};

/**
 * The query's address, in one order for one query (so the page cache keeps one copy of each
 * listing), leaving out `omit`'s parameters (a form that sends them itself).
 */
export function listingSearch(query: ListingQuery, omit: ReadonlyArray<string> = []): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string) => {
    if (!omit.includes(name)) params.set(name, value);
  };
  if (query.orderby !== "menu_order") set("orderby", query.orderby);
  if (query.minPrice !== null) set("min_price", String(query.minPrice));
  if (query.maxPrice !== null) set("max_price", String(query.maxPrice));
  for (const name of Object.keys(query.attributes).sort()) {
    const { terms, queryType } = query.attributes[name]!;
    set(`filter_${name}`, terms.join(","));
    if (queryType === "or") set(`query_type_${name}`, "or");
  }
  if (query.stock.length > 0) set("filter_stock_status", query.stock.join(","));
  return params;
}

/** The query with one attribute's term chosen, or unchosen when it already was. */
export function toggleTerm(query: ListingQuery, attribute: string, term: string): ListingQuery {
  const current = query.attributes[attribute];
  const terms = current?.terms.includes(term)
    ? current.terms.filter((chosen) => chosen !== term)
    : [...(current?.terms ?? []), term].sort();
  const attributes = { ...query.attributes };
  if (terms.length === 0) delete attributes[attribute];
  else attributes[attribute] = { terms, queryType: current?.queryType ?? "and" };
  return { ...query, attributes };
}

/** The query with one attribute matching any of its chosen terms (`or`) or all of them (`and`). */
export function withQueryType(query: ListingQuery, attribute: string, queryType: "and" | "or"): ListingQuery {
  const current = query.attributes[attribute];
  if (!current) return query;
  return { ...query, attributes: { ...query.attributes, [attribute]: { ...current, queryType } } };
}

/** The query with one stock status chosen, or unchosen when it already was. */
export function toggleStock(query: ListingQuery, status: StockFilter): ListingQuery {
  const stock = query.stock.includes(status)
    ? query.stock.filter((chosen) => chosen !== status)
    : [...query.stock, status].sort();
  return { ...query, stock };
}

/** Whether the query narrows the listing (the sort does not). */
export function isFiltered(query: ListingQuery): boolean {
  return (
    query.minPrice !== null ||
    query.maxPrice !== null ||
    query.stock.length > 0 ||
    Object.keys(query.attributes).length > 0
  );
}

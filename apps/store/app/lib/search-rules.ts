/** The live-search rules shared by the header combobox (browser) and the search call (server). */

/** Spec §5 and §9: suggestions are asked for from 3 characters. */
export const MIN_QUERY_LENGTH = 3;
/** Longer queries are cut here: no product text needs more, and it bounds the work per request. */
export const MAX_QUERY_LENGTH = 100;
/** Default of the `search_result_latency` setting (ms between the last keystroke and the request). */
export const DEFAULT_SEARCH_RESULT_LATENCY = 300;
/** Rows in the suggestion list; the list itself scrolls past 300 px. */
export const SUGGESTION_LIMIT = 10;
export const SEARCH_ACTION = "vitrine_ajax_search_products";

/** What the search call answers for each suggestion (CONTRACTS.md); `id: -1` marks the "no products" row. */
export type Suggestion = { value: string; url: string; id: number; img: string; price: string };

/** Spaces collapsed and control characters dropped, so what is counted is what is searched. */
export function normaliseQuery(raw: string): string {
  return raw
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

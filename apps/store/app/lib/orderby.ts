/**
 * The listing sort orders of CONTRACTS.md, shared by the sort select and the loader. No Zod here: the
 * sort select ships to every page, and the schema (in the listing's loader) would bring Zod with it.
 */
export const orderbyValues = ["menu_order", "popularity", "rating", "date", "price", "price-desc"] as const;
export type Orderby = (typeof orderbyValues)[number];

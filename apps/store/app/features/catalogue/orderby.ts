import { z } from "zod";

/** The listing sort orders of CONTRACTS.md, shared by the sort select and the loader. */
export const orderbyValues = ["menu_order", "popularity", "rating", "date", "price", "price-desc"] as const;
export type Orderby = (typeof orderbyValues)[number];
export const orderbySchema = z.enum(orderbyValues).catch("menu_order");

import { z } from "zod";
import { translations } from "./product-resource.ts";

/**
 * Global product attributes and their terms as REST resources, in the shape of WooCommerce's
 * `wc/v3/products/attributes` and `…/attributes/{id}/terms` (issue 39), with each text in every
 * language the store speaks: what a save sends, and what a read answers.
 */

const slug = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A slug is lowercase letters, digits and single hyphens.");
export const attributeOrderbyValues = ["menu_order", "name"] as const;

export const attributeTextFields = z.object({ name: z.string().trim().min(1).max(200) }).strict();
export const termTextFields = z
  .object({ name: z.string().trim().min(1).max(200), description: z.string().max(10_000) })
  .strict();

/** `POST /products/attributes`, `PUT /products/attributes/{id}`: a new one needs an English name. */
export const attributeInput = z
  .object({
    slug: slug.optional(),
    order_by: z.enum(attributeOrderbyValues).optional(),
    translations: translations(attributeTextFields.partial().strict()).optional(),
  })
  .strict();
export type AttributeInput = z.infer<typeof attributeInput>;

/** `POST …/terms`, `PUT …/terms/{id}`: a new one needs an English name; `menu_order` places it. */
export const termInput = z
  .object({
    slug: slug.optional(),
    menu_order: z.number().int().min(0).max(100_000).optional(),
    translations: translations(termTextFields.partial().strict()).optional(),
  })
  .strict();
export type TermInput = z.infer<typeof termInput>;

/** `PUT …/terms/order`: the attribute's terms, every one, in their new order. */
export const termArrangement = z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(10_000);

/** `DELETE …?force=true` removes a term or attribute that products use (never one a variation uses). */
export const attributeDeleteQuery = z.object({ force: z.enum(["true", "false"]).optional() });

export type AttributeRecord = {
  id: number;
  /** The English name. */
  name: string;
  slug: string;
  type: "select";
  order_by: (typeof attributeOrderbyValues)[number];
  has_archives: false;
  translations: Partial<Record<"en" | "es", { name: string }>>;
  /** How many terms it has. */
  term_count: number;
};

export type TermRecord = {
  id: number;
  /** The English name and description. */
  name: string;
  slug: string;
  description: string;
  menu_order: number;
  /** How many products use it. */
  count: number;
  translations: Partial<Record<"en" | "es", { name: string; description: string }>>;
};

/** What a refused deletion names: the products that use the term or attribute (at most 20). */
export type TermUse = { id: number; name: string };

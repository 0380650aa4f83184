import { z } from "zod";
import { translations } from "./product-resource.ts";

/**
 * A product category as a REST resource (`/products/categories`, issue 16): one schema for what a
 * save sends, from which the REST route's check, the service's input and the back office's types
 * are inferred.
 */

const id = z.number().int().min(1).max(2_147_483_647);

export const categoryTextFields = z.object({
  name: z.string().max(200),
  description: z.string().max(100_000),
});
export type CategoryTexts = z.infer<typeof categoryTextFields>;

/** `POST /products/categories`, `PUT /products/categories/{id}`: what it names changes. */
export const categoryInput = z
  .object({
    slug: z.string().max(200).optional(),
    parent: id.nullable().optional(),
    image: id.nullable().optional(),
    translations: translations(categoryTextFields.partial().strict()).optional(),
  })
  .strict();
export type CategoryInput = z.infer<typeof categoryInput>;

/** `PUT /products/categories/order`: every category's parent, siblings in their new order. */
export const categoryArrangement = z
  .array(z.object({ id, parent: id.nullable() }).strict())
  .min(1)
  .max(10_000);
export type CategoryArrangement = z.infer<typeof categoryArrangement>;

/** A category as `GET /products/categories` answers it: parents first, siblings in their order. */
export type CategoryRecord = {
  id: number;
  slug: string;
  parent: number | null;
  position: number;
  image: number | null;
  product_count: number;
  translations: Partial<Record<"en" | "es", CategoryTexts>>;
};

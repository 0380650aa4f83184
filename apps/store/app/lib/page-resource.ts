import { z } from "zod";
import { type BlockData, type BlockType, PRODUCT_GRID_MAX } from "./content-blocks.ts";
import { PHOTO_FEED_MAX } from "./photo-feed.ts";

/**
 * A content page as a REST resource (`/pages`, decision 0034): one schema for what a save sends,
 * from which the REST route's check and the page builder's service input are inferred.
 */

const id = z.number().int().min(1).max(2_147_483_647);
const text = (max: number) =>
  z.object({ en: z.string().trim().max(max), es: z.string().trim().max(max) }).strict();
const title = text(200);
/** A store path (`/shop`) or an http(s) address. */
const address = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "Must be a path on the store or an http(s) address.");

/** Each block type's data, exactly as `lib/content-blocks.ts` describes it. */
export const blockDataSchemas = {
  hero: z
    .object({
      title,
      text: text(2000),
      cta: z.object({ label: title, url: address }).strict().optional(),
      imageId: id.optional(),
    })
    .strict(),
  text: z.object({ title, text: text(20_000) }).strict(),
  "featured-products": z
    .object({
      title,
      limit: z.number().int().min(1).max(PRODUCT_GRID_MAX).optional(),
      categoryId: id.optional(),
      productIds: z.array(id).max(PRODUCT_GRID_MAX).optional(),
    })
    .strict(),
  gallery: z.object({ title, imageIds: z.array(id).min(1).max(50) }).strict(),
  video: z.object({ title, url: address }).strict(),
  "photo-feed": z.object({ title, limit: z.number().int().min(1).max(PHOTO_FEED_MAX) }).strict(),
  categories: z.object({ title }).strict(),
  menu: z.object({ title, menu: z.string().max(64) }).strict(),
} satisfies { [T in BlockType]: z.ZodType<BlockData[T]> };

/** A block as a save sends it: its id when it exists already (its edit links keep pointing at it). */
const block = <T extends BlockType>(type: T) =>
  z.object({ id: id.optional(), type: z.literal(type), data: blockDataSchemas[type] }).strict();
export const blockInput = z.discriminatedUnion("type", [
  block("hero"),
  block("text"),
  block("featured-products"),
  block("gallery"),
  block("video"),
  block("photo-feed"),
  block("categories"),
  block("menu"),
]);
export type BlockInput = z.infer<typeof blockInput>;
// A block type left out of the union above does not compile.
true satisfies BlockType extends BlockInput["type"] ? true : false;

/** A page as a save sends it (`POST /pages`, `PUT /pages/{id}`): what it names changes, whole. */
export const pageInput = z
  .object({
    slug: z.string().max(200).optional(),
    title: title.optional(),
    status: z.enum(["publish", "draft"]).optional(),
    blocks: z.array(blockInput).max(50).optional(),
  })
  .strict();
export type PageInput = z.infer<typeof pageInput>;

import { z } from "zod";

/**
 * The media library as a REST resource (`/media`, CONTRACTS.md "media uploads", decision 0031): one
 * schema for each input the routes take, and a picture as they answer it, shared by the service
 * and the back office's media page.
 */

/** The longest alt text, in characters. */
export const ALT_MAX = 300;
const alt = z.string().max(ALT_MAX);

/** `POST /media`'s form fields beside the file. */
export const uploadFields = z.object({ alt_text_en: alt.default(""), alt_text_es: alt.default("") });

/** `PUT /media/{id}`: the picture's alt text in each language. */
export const altTextInput = z.object({ alt_text: z.object({ en: alt, es: alt }) });
export type AltTextInput = z.infer<typeof altTextInput>;

/** `POST /media/{id}/post-process`: make the sizes a failed upload is missing. */
export const postProcessInput = z.object({ action: z.literal("create-image-subsizes") });

/** `GET /media?search=…`: pictures whose file name or alt text (either language) contains it. */
export const mediaListFilters = z.object({ search: z.string().trim().max(200).optional() });

/** A picture's id in a route's path. */
export const mediaIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A picture of the media library as the REST API answers it. */
export type MediaItem = {
  id: number;
  state: "processing" | "ready" | "failed";
  filename: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  alt_text: Record<string, string>;
  /** The largest JPEG; the original until the sizes exist. */
  source_url: string;
  sizes: Array<{ format: string; width: number; height: number; url: string }>;
};

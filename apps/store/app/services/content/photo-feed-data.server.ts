import { z } from "zod";
import { PHOTO_FEED_MAX } from "../../lib/photo-feed.ts";

/**
 * The photo feed block's data string (decision 0029), made and read on the server only: the
 * browser sends it back as it got it, and the schema stays out of the pages' scripts.
 */
/** What a block's data string says: how many photos. Opaque to the browser, checked by the server. */
export const photoFeedBlockData = z.object({
  v: z.literal(1),
  limit: z.number().int().min(1).max(PHOTO_FEED_MAX),
});
export type PhotoFeedBlockData = z.infer<typeof photoFeedBlockData>;

/** The block's data string: base64url JSON, so it survives any attribute or query string as is. */
export function encodePhotoFeedData(data: PhotoFeedBlockData): string {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The block data in a data string, or null when it is not one a block would hold. */
export function decodePhotoFeedData(value: unknown): PhotoFeedBlockData | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 400) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
    const parsed = photoFeedBlockData.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

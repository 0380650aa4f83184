import { type Database, media, mediaSizes } from "@vitrine/db";
import { eq, getTableColumns, inArray } from "drizzle-orm";

import { type ImageSource, type ImageView, renditionsOf } from "../../lib/media.ts";
import type { SiteCache } from "../shared/site-cache.server.ts";
import { pickTranslation } from "../shared/translations.server.ts";
import { mediaAddress } from "./media-address.server.ts";

export { MEDIA_URL_PREFIX } from "./media-address.server.ts";
export type { ImageSource, ImageView };

const formatOrder = ["avif", "webp", "jpeg"] as const;
const mimeTypes: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/**
 * The pictures' views by id. Given a request's site cache, pictures whose renditions are all made
 * come from memory: a view changes only with its alt text or its deletion, and both empty that
 * cache (the media endpoints announce a `pages` change). Pictures still being made are read each time.
 */
export async function loadImages(
  db: Database,
  ids: number[],
  locale: string,
  cache?: SiteCache,
): Promise<Map<number, ImageView>> {
  const read = (wanted: number[]) => readImages(db, wanted, locale);
  const loaded = cache
    ? await cache.many(`image:${locale}:`, ids, read, (image) => image.ready)
    : await read(ids);
  return new Map([...loaded].map(([id, image]) => [id, image.view]));
}

async function readImages(
  db: Database,
  ids: number[],
  locale: string,
): Promise<Map<number, { view: ImageView; ready: boolean }>> {
  const unique = [...new Set(ids)];
  const views = new Map<number, { view: ImageView; ready: boolean }>();
  if (unique.length === 0) return views;
  // One statement: each rendition with its image's alternative text.
  const sizes = await db
    .select({ ...getTableColumns(mediaSizes), alt: media.alt, state: media.state })
    .from(mediaSizes)
    .innerJoin(media, eq(media.id, mediaSizes.mediaId))
    .where(inArray(mediaSizes.mediaId, unique));
  const rows = new Map(
    sizes.map((size) => [size.mediaId, { id: size.mediaId, alt: size.alt, ready: size.state === "ready" }]),
  );
  for (const row of rows.values()) {
    const own = sizes.filter((size) => size.mediaId === row.id).sort((a, b) => a.width - b.width);
    const jpegs = own.filter((size) => size.format === "jpeg");
    if (jpegs.length === 0) continue;
    // The 600 px rendition is the fallback: sharp enough for a card, small enough for a first paint.
    const fallback = jpegs.find((size) => size.width >= 600) ?? jpegs[jpegs.length - 1]!;
    const sources: ImageSource[] = formatOrder
      .filter((format) => format !== "jpeg")
      .map((format) => ({
        type: mimeTypes[format]!,
        srcSet: own
          .filter((size) => size.format === format)
          .map((size) => `${mediaAddress(size.path)} ${size.width}w`)
          .join(", "),
      }))
      .filter((source) => source.srcSet)
      .concat({
        type: "image/jpeg",
        srcSet: jpegs.map((size) => `${mediaAddress(size.path)} ${size.width}w`).join(", "),
      });
    const src = mediaAddress(fallback.path);
    const view: ImageView = {
      id: row.id,
      alt: pickTranslation(row.alt, locale, ""),
      width: fallback.width,
      height: fallback.height,
      src,
      large: mediaAddress(jpegs[jpegs.length - 1]!.path),
      ...(renditionsOf(sources, src) ?? { sources }),
    };
    views.set(row.id, { view, ready: row.ready });
  }
  return views;
}

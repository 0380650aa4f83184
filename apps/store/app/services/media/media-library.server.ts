import { createHash } from "node:crypto";
import path from "node:path";
import { categories, type Database, media, mediaSizes, productImages, variations } from "@vitrine/db";
import type { MediaStores } from "@vitrine/files";
import { and, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import sharp from "sharp";
import type { MediaItem } from "../../lib/media-resource.ts";
import { escapeLike } from "../catalogue/search.server.ts";
import { mediaAddress } from "./media-address.server.ts";

/**
 * The media library (issue 16, decision 0031): pictures uploaded by staff, kept as sent and in the
 * responsive sizes the store serves (AVIF, WebP and JPEG at up to four widths), as the demo's are.
 * An upload records the picture first (`processing`), then makes its sizes one by one; one that
 * fails half-way stays `processing` and `postProcess` makes the sizes still missing.
 */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Larger pictures are refused before any decoding: sharp would need gigabytes for them. */
export const MAX_UPLOAD_PIXELS = 50_000_000;
export const UPLOAD_WIDTHS = [300, 600, 1000, 1600] as const;
const FORMATS = ["avif", "webp", "jpeg"] as const;
type Format = (typeof FORMATS)[number];

export type UploadType = "image/jpeg" | "image/png" | "image/webp" | "image/avif" | "image/gif";

export class MediaError extends Error {
  override name = "MediaError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The picture that was recorded, when its sizes failed (for `post-process`). */
    readonly mediaId: number | null = null,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

/** A picture's type from its first bytes, never from its name; null for anything else. */
export function sniffImageType(bytes: Uint8Array): UploadType | null {
  const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const ascii = (offset: number, text: string) => starts(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (starts(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  if (ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis"))) return "image/avif";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  return null;
}

/** Makes one size of a picture (a seam for tests, which make it fail half-way). */
export type SizeEncoder = (
  source: Buffer,
  size: { format: Format; width: number; height: number },
) => Promise<Buffer>;

export const encodeSize: SizeEncoder = (source, size) => {
  const resized = sharp(source, { limitInputPixels: MAX_UPLOAD_PIXELS })
    .rotate()
    .resize(size.width, size.height)
    .flatten({ background: "#ffffff" });
  if (size.format === "avif") return resized.avif({ quality: 50, effort: 2 }).toBuffer();
  if (size.format === "webp") return resized.webp({ quality: 78 }).toBuffer();
  return resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
};

/**
 * The encoder with one fault, for tests of an upload's recovery against the real server
 * (`MEDIA_FAULT_WIDTH`): the first time a picture exactly `width` pixels wide is uploaded, its second
 * size fails, as an encoder running out of memory would; `post-process` then finishes it.
 */
export function encoderFailingOnce(width: number, encode: SizeEncoder = encodeSize): SizeEncoder {
  const sizesMade = new Map<string, number>();
  return async (source, size) => {
    const { width: sourceWidth } = await sharp(source).metadata();
    if (sourceWidth === width) {
      const key = createHash("sha256").update(source).digest("hex");
      const made = sizesMade.get(key) ?? 0;
      sizesMade.set(key, made + 1);
      if (made === 1) throw new Error(`injected fault: a picture ${width} px wide fails at its second size`);
    }
    return encode(source, size);
  };
}

type Planned = { format: Format; width: number; height: number; path: string };

/**
 * @param files the sizes go to the public files (`/media/…`); originals to the private ones, never
 *   served: they may carry the camera's metadata (places, serial numbers), which the sizes, encoded
 *   afresh, do not.
 */
export function createMediaLibrary(options: { db: Database; files: MediaStores; encode?: SizeEncoder }) {
  const { db, files } = options;
  const encode = options.encode ?? encodeSize;

  const originalPath = (hash: string, type: string) =>
    `${hash.slice(0, 2)}/${hash.slice(0, 16)}.${type.slice("image/".length).replace("jpeg", "jpg")}`;

  /**
   * The sizes of picture `id`, `width`×`height`, whose bytes hash to `hash`: widths up to its own.
   * The names carry the content's hash (cached forever) and the picture's id, so the same file
   * uploaded twice makes two pictures that share nothing, and deleting one leaves the other whole.
   */
  function plan(id: number, hash: string, width: number, height: number): Planned[] {
    const widths = UPLOAD_WIDTHS.filter((w) => w <= width);
    const chosen = widths.length > 0 ? widths : [width];
    return chosen.flatMap((w) =>
      FORMATS.map((format) => ({
        format,
        width: w,
        height: Math.max(1, Math.round((height * w) / width)),
        path: `${hash.slice(0, 2)}/${hash.slice(0, 16)}-m${id}-${w}.${format === "jpeg" ? "jpg" : format}`,
      })),
    );
  }

  /** Makes the sizes not yet recorded, one at a time, each recorded as soon as its file is in place. */
  async function makeSizes(id: number, source: Buffer, hash: string, width: number, height: number) {
    try {
      await makeMissingSizes(id, source, hash, width, height);
    } catch (error) {
      // The picture stays `processing`, named in the answer for `post-process`.
      throw new MediaError(
        500,
        "rest_upload_sizes_failed",
        "The picture's sizes could not all be made.",
        id,
        error,
      );
    }
  }

  async function makeMissingSizes(id: number, source: Buffer, hash: string, width: number, height: number) {
    const done = new Set(
      (await db.select({ path: mediaSizes.path }).from(mediaSizes).where(eq(mediaSizes.mediaId, id))).map(
        (row) => row.path,
      ),
    );
    for (const size of plan(id, hash, width, height)) {
      if (done.has(size.path)) continue;
      const bytes = await encode(source, size);
      await files.public.put(size.path, bytes, `image/${size.format}`);
      await db
        .insert(mediaSizes)
        .values({
          mediaId: id,
          format: size.format,
          width: size.width,
          height: size.height,
          path: size.path,
          bytes: bytes.length,
        })
        .onConflictDoNothing();
    }
    await db.update(media).set({ state: "ready" }).where(eq(media.id, id));
  }

  async function item(id: number): Promise<MediaItem | null> {
    const [row] = await db.select().from(media).where(eq(media.id, id));
    if (!row) return null;
    return (await describe([row]))[0]!;
  }

  async function describe(rows: Array<typeof media.$inferSelect>): Promise<MediaItem[]> {
    const ids = rows.map((row) => row.id);
    const sizes = ids.length
      ? await db.select().from(mediaSizes).where(inArray(mediaSizes.mediaId, ids))
      : [];
    return rows.map((row) => {
      const own = sizes.filter((size) => size.mediaId === row.id).sort((a, b) => a.width - b.width);
      const jpegs = own.filter((size) => size.format === "jpeg");
      const largest = jpegs[jpegs.length - 1];
      return {
        id: row.id,
        state: row.state,
        filename: row.filename,
        mime_type: row.mimeType,
        width: row.width,
        height: row.height,
        alt_text: row.alt,
        source_url: largest ? mediaAddress(largest.path) : "",
        sizes: own.map((size) => ({
          format: size.format,
          width: size.width,
          height: size.height,
          url: mediaAddress(size.path),
        })),
      };
    });
  }

  /** The original's bytes and hash, read back for `post-process`. */
  async function readOriginal(row: typeof media.$inferSelect): Promise<{ bytes: Buffer; hash: string }> {
    const bytes = row.originalPath ? await files.private.read(row.originalPath) : null;
    if (!bytes)
      throw new MediaError(500, "rest_upload_no_original", "The picture's original is missing.", row.id);
    return { bytes, hash: createHash("sha256").update(bytes).digest("hex") };
  }

  return {
    /**
     * Keeps the picture and makes its sizes. A picture whose sizes fail stays `processing`: the
     * `MediaError` (500) names it for `post-process`.
     */
    async upload(input: {
      bytes: Buffer;
      filename: string;
      alt: Record<string, string>;
      uploadedBy: number | null;
    }): Promise<MediaItem> {
      if (input.bytes.length === 0) throw new MediaError(400, "rest_upload_no_data", "No data supplied.");
      if (input.bytes.length > MAX_UPLOAD_BYTES)
        throw new MediaError(413, "rest_upload_file_too_big", "The file is too big.");
      const type = sniffImageType(input.bytes);
      if (!type)
        throw new MediaError(
          415,
          "rest_upload_invalid_type",
          "The file is not a JPEG, PNG, WebP, AVIF or GIF picture.",
        );
      let width: number;
      let height: number;
      try {
        const metadata = await sharp(input.bytes, { limitInputPixels: MAX_UPLOAD_PIXELS }).metadata();
        const turned = (metadata.orientation ?? 1) >= 5;
        width = (turned ? metadata.height : metadata.width) ?? 0;
        height = (turned ? metadata.width : metadata.height) ?? 0;
      } catch {
        throw new MediaError(400, "rest_upload_invalid_image", "The picture cannot be read.");
      }
      if (!width || !height || width * height > MAX_UPLOAD_PIXELS)
        throw new MediaError(400, "rest_upload_invalid_image", "The picture is empty or too large.");

      const hash = createHash("sha256").update(input.bytes).digest("hex");
      const original = originalPath(hash, type);
      await files.private.put(original, input.bytes, type);
      const name =
        path
          .basename(input.filename)
          .replace(/[^\w. -]/g, "_")
          .slice(0, 200) || "upload";
      const [row] = await db
        .insert(media)
        .values({
          kind: "image",
          filename: name,
          originalPath: original,
          mimeType: type,
          width,
          height,
          alt: input.alt,
          state: "processing",
          uploadedBy: input.uploadedBy,
        })
        .returning({ id: media.id });
      const id = row!.id;
      await makeSizes(id, input.bytes, hash, width, height);
      return (await item(id))!;
    },

    /** Makes the sizes an upload left missing (`create-image-subsizes`). */
    async postProcess(id: number): Promise<MediaItem> {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      if (!row) throw new MediaError(404, "rest_post_invalid_id", "Invalid post ID.");
      if (row.state !== "ready") {
        const { bytes, hash } = await readOriginal(row);
        await makeSizes(id, bytes, hash, row.width ?? 0, row.height ?? 0);
      }
      return (await item(id))!;
    },

    /** Deletes a picture and its files; one that products or categories use needs `force`. */
    async remove(id: number, force: boolean): Promise<MediaItem> {
      const found = await item(id);
      if (!found) throw new MediaError(404, "rest_post_invalid_id", "Invalid post ID.");
      if (!force && (await usedBy(db, id)) > 0)
        throw new MediaError(409, "rest_media_in_use", "Products or categories show this picture.");
      const sizes = await db
        .select({ path: mediaSizes.path })
        .from(mediaSizes)
        .where(eq(mediaSizes.mediaId, id));
      const [row] = await db
        .delete(media)
        .where(eq(media.id, id))
        .returning({ original: media.originalPath });
      await Promise.all([
        ...sizes.map((size) => files.public.remove(size.path)),
        ...(row?.original ? [files.private.remove(row.original)] : []),
      ]);
      return found;
    },

    get: item,

    /** The pictures of `ids` that exist, in no particular order (what a list of categories shows). */
    async byIds(ids: readonly number[]): Promise<MediaItem[]> {
      if (ids.length === 0) return [];
      return describe(
        await db
          .select()
          .from(media)
          .where(inArray(media.id, [...new Set(ids)])),
      );
    },

    /** A page of the pictures, newest first; with `search`, those whose file name or alt text has it. */
    async list(page: {
      limit: number;
      offset: number;
      search?: string | undefined;
    }): Promise<{ total: number; items: MediaItem[] }> {
      const pattern = page.search ? `%${escapeLike(page.search)}%` : null;
      const where = and(
        eq(media.kind, "image"),
        pattern ? or(ilike(media.filename, pattern), ilike(sql`${media.alt}::text`, pattern)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(media).where(where);
      const rows = await db
        .select()
        .from(media)
        .where(where)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total: total?.n ?? 0, items: await describe(rows) };
    },

    async setAlt(id: number, alt: Record<string, string>): Promise<MediaItem | null> {
      const [row] = await db.update(media).set({ alt }).where(eq(media.id, id)).returning({ id: media.id });
      return row ? item(row.id) : null;
    },
  };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

/** How many products, variations and categories show the picture. */
async function usedBy(db: Database, id: number): Promise<number> {
  const [images, variants, groups] = await Promise.all([
    db.select({ n: count() }).from(productImages).where(eq(productImages.mediaId, id)),
    db.select({ n: count() }).from(variations).where(eq(variations.imageId, id)),
    db.select({ n: count() }).from(categories).where(eq(categories.imageId, id)),
  ]);
  return (images[0]?.n ?? 0) + (variants[0]?.n ?? 0) + (groups[0]?.n ?? 0);
}

import { createHash } from "node:crypto";
import type { FileStore } from "@vitrine/files";
import sharp from "sharp";

/**
 * Rasterises generated SVG art into the responsive sizes the store serves. File names carry a hash
 * of the drawing and of the encoder settings, so a file never changes under its name (it can be
 * cached forever) and a run that finds the files already kept skips the encoding.
 */
export type ImageFormat = "avif" | "webp" | "jpeg";

export type RenderedSize = {
  format: ImageFormat;
  width: number;
  height: number;
  /** The file's key among the public files (relative to the media folder), with forward slashes. */
  path: string;
  bytes: number;
};

export type RenderedImage = {
  hash: string;
  /** The largest size's dimensions. */
  width: number;
  height: number;
  sizes: RenderedSize[];
};

export const productWidths = [300, 600, 1000] as const;
export const heroWidths = [600, 1000, 1600] as const;

const formats: readonly ImageFormat[] = ["avif", "webp", "jpeg"];
const MIME_TYPES: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

// Effort settings are what keep the demo seed within its time budget on two cores: AVIF at
// effort 0 costs about half of effort 2 and flat artwork barely needs more. JPEG is only the
// fallback for old browsers, so it skips mozjpeg's slower trellis search. Changing any setting
// changes every file name through the hash.
const encoders: Record<ImageFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 0 }),
  webp: (image) => image.webp({ quality: 78, effort: 1 }),
  jpeg: (image) => image.jpeg({ quality: 80 }),
};
const encoderVersion = "avif:q50e0|webp:q78e1|jpeg:q80|v1";

/** Where a drawing's SVG source is kept while (and after) its sizes are encoded. */
export function sourcePathOf(hash: string): string {
  return `${hash.slice(0, 2)}/${hash.slice(0, 16)}.svg`;
}

/** The source path for a size's path (`ab/abcdef0123456789-600.webp` → `ab/abcdef0123456789.svg`). */
export function sourcePathOfSize(sizePath: string): string | undefined {
  const match = /^([0-9a-f]{2})\/([0-9a-f]{16})-\d+\.(?:avif|webp|jpg)$/.exec(sizePath);
  return match ? `${match[1]}/${match[2]}.svg` : undefined;
}

/**
 * The files a drawing becomes, with their names and dimensions, without encoding anything (sizes
 * carry 0 bytes until drawn). Cheap: reads only the SVG's own width and height.
 */
export async function planImage(
  svg: string,
  widths: readonly number[] = productWidths,
): Promise<RenderedImage> {
  const hash = createHash("sha256").update(encoderVersion).update(widths.join(",")).update(svg).digest("hex");
  const folder = hash.slice(0, 2);
  const stem = hash.slice(0, 16);
  const metadata = await sharp(Buffer.from(svg)).metadata();
  if (!metadata.width || !metadata.height) throw new Error("The drawing has no width or height.");
  const aspect = metadata.height / metadata.width;
  const largest = Math.max(...widths);
  const sizes = widths.flatMap((width) =>
    formats.map((format) => ({
      format,
      width,
      height: Math.round(width * aspect),
      path: `${folder}/${stem}-${width}.${format === "jpeg" ? "jpg" : format}`,
      bytes: 0,
    })),
  );
  return { hash, width: largest, height: Math.round(largest * aspect), sizes };
}

/** Writes the SVG source beside where its sizes will be, so any process can draw them or show it meanwhile. */
export async function keepSource(svg: string, image: RenderedImage, files: FileStore): Promise<void> {
  const key = sourcePathOf(image.hash);
  if ((await files.size(key)) !== null) return;
  await files.put(key, Buffer.from(svg), "image/svg+xml");
}

/**
 * Encodes a planned drawing's sizes, in `image.sizes` order: one rasterisation at the largest width,
 * every size resized from those pixels. The art is opaque, so the alpha channel is dropped once
 * instead of by each encoder. Pure work on buffers, so it can run in another process
 * (`drawing-process.ts`).
 */
export async function encodeDrawing(svg: string, image: RenderedImage): Promise<Buffer[]> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(image.width, image.height)
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    image.sizes.map((size) =>
      encoders[size.format](sharp(data, { raw }).resize(size.width, size.height)).toBuffer(),
    ),
  );
}

/** What encodes a drawing's sizes: `encodeDrawing` here, or a drawing process (`drawing-process-client.ts`). */
export type DrawingEncoder = (svg: string, image: RenderedImage) => Promise<Buffer[]>;

/** Encodes every size of a drawing (skipping the work when all files are already there). */
export async function renderImage(
  svg: string,
  files: FileStore,
  widths: readonly number[] = productWidths,
  encode: DrawingEncoder = encodeDrawing,
): Promise<RenderedImage> {
  const image = await planImage(svg, widths);
  const existing = await Promise.all(image.sizes.map((size) => files.size(size.path)));
  if (existing.every((bytes) => bytes !== null)) {
    return { ...image, sizes: image.sizes.map((size, i) => ({ ...size, bytes: existing[i]! })) };
  }
  const encoded = await encode(svg, image);
  const sizes = await Promise.all(
    image.sizes.map(async (size, i) => {
      const bytes = encoded[i]!;
      await files.put(size.path, bytes, MIME_TYPES[size.format]);
      return { ...size, bytes: bytes.length };
    }),
  );
  return { ...image, sizes };
}

import { createHash, randomBytes } from "node:crypto";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/**
 * Rasterises generated SVG art into the responsive sizes the store serves. File names carry a hash
 * of the drawing and of the encoder settings, so a file never changes under its name (it can be
 * cached forever) and a run that finds the files already on disk skips the encoding.
 */
export type ImageFormat = "avif" | "webp" | "jpeg";

export type RenderedSize = {
  format: ImageFormat;
  width: number;
  height: number;
  /** Relative to the media folder, with forward slashes. */
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

export async function renderImage(
  svg: string,
  mediaDir: string,
  widths: readonly number[] = productWidths,
): Promise<RenderedImage> {
  const hash = createHash("sha256").update(encoderVersion).update(widths.join(",")).update(svg).digest("hex");
  const folder = hash.slice(0, 2);
  const stem = hash.slice(0, 16);
  const source = Buffer.from(svg);
  const metadata = await sharp(source).metadata();
  if (!metadata.width || !metadata.height) throw new Error("The drawing has no width or height.");
  const aspect = metadata.height / metadata.width;
  const planned = widths.flatMap((width) =>
    formats.map((format) => ({
      format,
      width,
      height: Math.round(width * aspect),
      path: `${folder}/${stem}-${width}.${format === "jpeg" ? "jpg" : format}`,
    })),
  );
  const largest = Math.max(...widths);
  const image = { hash, width: largest, height: Math.round(largest * aspect) };

  const existing = await Promise.all(planned.map((size) => fileSize(path.join(mediaDir, size.path))));
  if (existing.every((bytes) => bytes !== undefined)) {
    return { ...image, sizes: planned.map((size, i) => ({ ...size, bytes: existing[i]! })) };
  }

  await mkdir(path.join(mediaDir, folder), { recursive: true });
  // One rasterisation at the largest width; every size is resized from those pixels. The art is
  // opaque, so the alpha channel is dropped once instead of by each encoder.
  const { data, info } = await sharp(source)
    .resize(image.width, image.height)
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const sizes = await Promise.all(
    planned.map(async (size) => {
      const encoded = await encoders[size.format](
        sharp(data, { raw }).resize(size.width, size.height),
      ).toBuffer();
      await writeAtomically(path.join(mediaDir, size.path), encoded);
      return { ...size, bytes: encoded.length };
    }),
  );
  return { ...image, sizes };
}

async function fileSize(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
}

/** A reader (or a crashed run) never sees half a file under its final, cache-forever name. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

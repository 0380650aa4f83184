import type { FileStore } from "@vitrine/files";
import { and, eq, inArray } from "drizzle-orm";
import type { Database, Transaction } from "../client.ts";
import { media, mediaSizes, type Translated } from "../schema/index.ts";
import { mapWithConcurrency } from "./concurrency.ts";
import {
  type DrawingEncoder,
  keepSource,
  planImage,
  type RenderedImage,
  renderImage,
  sourcePathOfSize,
} from "./images.ts";

/** A picture to draw and store; `key` is how the caller finds the media id afterwards. */
export type ImageJob = {
  key: string;
  filename: string;
  alt: Translated;
  svg: string;
  widths?: readonly number[];
};

export type RenderedJob = Omit<ImageJob, "svg" | "widths"> & { image: RenderedImage };

/** Two encodes per core keep both cores busy while the other job of the pair writes its files. */
const imageConcurrency = 4;

export async function renderImages(
  jobs: readonly ImageJob[],
  files: FileStore,
  log: (message: string) => void = () => {},
): Promise<RenderedJob[]> {
  let done = 0;
  return eachDrawing(jobs, imageConcurrency, async (svg, widths, total) => {
    const image = await renderImage(svg, files, widths);
    done++;
    if (done % 25 === 0 || done === total) log(`images: ${done}/${total}`);
    return image;
  });
}

/**
 * The rows-first half of a seed: names and dimensions of every size, and the SVG sources kept with
 * the media, without encoding anything; `drawPendingImages` encodes them later.
 */
export async function planImages(jobs: readonly ImageJob[], files: FileStore): Promise<RenderedJob[]> {
  return eachDrawing(jobs, 8, async (svg, widths) => {
    const image = await planImage(svg, widths);
    await keepSource(svg, image, files);
    return image;
  });
}

/** Runs `work` once per distinct drawing: identical drawings share one set of files. */
async function eachDrawing(
  jobs: readonly ImageJob[],
  concurrency: number,
  work: (svg: string, widths: readonly number[] | undefined, total: number) => Promise<RenderedImage>,
): Promise<RenderedJob[]> {
  const drawingOf = (job: ImageJob) => `${job.widths ?? ""}|${job.svg}`;
  const unique = [...new Map(jobs.map((job) => [drawingOf(job), job])).values()];
  const images = new Map<string, RenderedImage>();
  await mapWithConcurrency(unique, concurrency, async (job) => {
    images.set(drawingOf(job), await work(job.svg, job.widths, unique.length));
  });
  return jobs.map((job) => ({
    key: job.key,
    filename: job.filename,
    alt: job.alt,
    image: images.get(drawingOf(job))!,
  }));
}

/**
 * Encodes the sizes of every image recorded as still being drawn (state "processing" with its SVG
 * source kept with the media), marking each ready as it finishes. Safe to stop at any point: files
 * are written atomically and the next start carries on where this one stopped.
 */
export async function drawPendingImages(
  db: Database,
  files: FileStore,
  options: {
    log?: (message: string) => void;
    concurrency?: number;
    signal?: AbortSignal;
    /** Where the sizes are encoded: in this process unless a drawing process is given. */
    encode?: DrawingEncoder;
  } = {},
): Promise<{ drawn: number }> {
  const log = options.log ?? (() => {});
  const rows = await db
    .select({ mediaId: mediaSizes.mediaId, path: mediaSizes.path, width: mediaSizes.width })
    .from(mediaSizes)
    .innerJoin(media, eq(media.id, mediaSizes.mediaId))
    .where(eq(media.state, "processing"))
    .orderBy(mediaSizes.mediaId, mediaSizes.width);
  const byMedia = new Map<number, typeof rows>();
  for (const row of rows) byMedia.set(row.mediaId, [...(byMedia.get(row.mediaId) ?? []), row]);
  const pending = [...byMedia].flatMap(([mediaId, sizes]) => {
    const source = sourcePathOfSize(sizes[0]!.path);
    return source ? [{ mediaId, source, sizes }] : [];
  });
  if (pending.length === 0) return { drawn: 0 };
  const started = performance.now();
  let drawn = 0;
  await mapWithConcurrency(pending, options.concurrency ?? 2, async ({ mediaId, source, sizes }) => {
    if (options.signal?.aborted) return;
    const kept = await files.read(source);
    if (kept === null) return;
    const svg = kept.toString("utf8");
    const widths = [...new Set(sizes.map((size) => size.width))];
    const image = await renderImage(svg, files, widths, options.encode);
    const bytesByPath = new Map(image.sizes.map((size) => [size.path, size.bytes]));
    if (sizes.some((size) => !bytesByPath.has(size.path))) {
      throw new Error(`The drawing ${source} no longer matches the sizes recorded for media ${mediaId}.`);
    }
    await db.transaction(async (tx) => {
      for (const size of sizes) {
        await tx
          .update(mediaSizes)
          .set({ bytes: bytesByPath.get(size.path)! })
          .where(and(eq(mediaSizes.mediaId, mediaId), eq(mediaSizes.path, size.path)));
      }
      await tx.update(media).set({ state: "ready" }).where(eq(media.id, mediaId));
    });
    drawn++;
    if (drawn % 25 === 0 || drawn === pending.length) log(`images: ${drawn}/${pending.length}`);
  });
  if (drawn === pending.length) log(`images ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { drawn };
}

/**
 * Inserts a media row and its size rows per distinct image, reusing rows whose files are already
 * recorded (a second synthetic run, or pictures shared with the demo). Returns media id by job key.
 */
export async function insertImages(
  tx: Transaction,
  jobs: readonly RenderedJob[],
  /** "processing" for images recorded before their sizes are drawn (see `drawPendingImages`). */
  state: "ready" | "processing" = "ready",
): Promise<Map<string, number>> {
  const idByHash = new Map<string, number>();
  const firstPaths = jobs.map((job) => job.image.sizes[0]!.path);
  if (firstPaths.length > 0) {
    const known = await tx
      .select({ mediaId: mediaSizes.mediaId, path: mediaSizes.path })
      .from(mediaSizes)
      .where(inArray(mediaSizes.path, firstPaths));
    const hashByPath = new Map(jobs.map((job) => [job.image.sizes[0]!.path, job.image.hash]));
    for (const row of known) idByHash.set(hashByPath.get(row.path)!, row.mediaId);
  }

  const fresh = [
    ...new Map(jobs.filter((job) => !idByHash.has(job.image.hash)).map((j) => [j.image.hash, j])).values(),
  ];
  if (fresh.length > 0) {
    const filenames = new Set(fresh.map((job) => job.filename));
    if (filenames.size !== fresh.length) throw new Error("Generated images need distinct file names.");
    const inserted = await tx
      .insert(media)
      .values(
        fresh.map((job) => ({
          kind: "image" as const,
          filename: job.filename,
          // The JPEG is the universal fallback, so it stands for the original.
          mimeType: "image/jpeg",
          width: job.image.width,
          height: job.image.height,
          alt: job.alt,
          state,
        })),
      )
      .returning({ id: media.id, filename: media.filename });
    const idByFilename = new Map(inserted.map((row) => [row.filename, row.id]));
    for (const job of fresh) idByHash.set(job.image.hash, idByFilename.get(job.filename)!);
    await tx
      .insert(mediaSizes)
      .values(
        fresh.flatMap((job) =>
          job.image.sizes.map((size) => ({ mediaId: idByHash.get(job.image.hash)!, ...size })),
        ),
      );
  }
  return new Map(jobs.map((job) => [job.key, idByHash.get(job.image.hash)!]));
}

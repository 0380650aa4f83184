import { inArray } from "drizzle-orm";
import type { Transaction } from "../client.ts";
import { media, mediaSizes, type Translated } from "../schema/index.ts";
import { mapWithConcurrency } from "./concurrency.ts";
import { type RenderedImage, renderImage } from "./images.ts";

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
  mediaDir: string,
  log: (message: string) => void = () => {},
): Promise<RenderedJob[]> {
  // Identical drawings share one set of files; rendering them twice would race on the same names.
  const unique = [...new Map(jobs.map((job) => [`${job.widths ?? ""}|${job.svg}`, job])).values()];
  let done = 0;
  const images = new Map<ImageJob, RenderedImage>();
  await mapWithConcurrency(unique, imageConcurrency, async (job) => {
    images.set(job, await renderImage(job.svg, mediaDir, job.widths));
    done++;
    if (done % 25 === 0 || done === unique.length) log(`images: ${done}/${unique.length}`);
  });
  const byDrawing = new Map(unique.map((job) => [`${job.widths ?? ""}|${job.svg}`, images.get(job)!]));
  return jobs.map(({ key, filename, alt, svg, widths }) => ({
    key,
    filename,
    alt,
    image: byDrawing.get(`${widths ?? ""}|${svg}`)!,
  }));
}

/**
 * Inserts a media row and its size rows per distinct image, reusing rows whose files are already
 * recorded (a second synthetic run, or pictures shared with the demo). Returns media id by job key.
 */
export async function insertImages(
  tx: Transaction,
  jobs: readonly RenderedJob[],
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
          state: "ready" as const,
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

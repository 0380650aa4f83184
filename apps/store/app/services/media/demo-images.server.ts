import { type Database, selectRows } from "@vitrine/db";
import { drawingProcess, drawPendingImages, sourcePathOfSize } from "@vitrine/db/seed";
import type { FileStore } from "@vitrine/files";
import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

/**
 * The demo's pictures on a first start (decision 0021): the seed records every image with its sizes'
 * names and dimensions and keeps its SVG drawing, the store starts serving at once, and the sizes are
 * encoded in the background. Until a size exists its URL answers with the drawing itself: the same
 * picture at the same aspect ratio, never cached, marked `X-Media-Placeholder: drawing`.
 */

/** Mounted after the static media files: answers only for a size not drawn yet whose drawing is kept. */
export function mediaPlaceholders(files: FileStore) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const source = sourcePathOfSize(req.path.replace(/^\//, ""));
    if (!source) return next();
    let drawing: Buffer | null;
    try {
      drawing = await files.read(source);
    } catch (error) {
      return next(error);
    }
    if (!drawing) return next();
    res.set({
      "Content-Type": "image/svg+xml",
      "Content-Length": String(drawing.length),
      "Cache-Control": "no-store",
      "X-Media-Placeholder": "drawing",
      // Opened on its own, the drawing runs nothing and loads nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    res.end(req.method === "HEAD" ? undefined : drawing);
  };
}

/** "pending" while some image is still being drawn, for /healthz and whoever waits on it. */
export async function mediaState(db: Database): Promise<"pending" | "ready"> {
  const [row] = await selectRows<{ pending: boolean }>(
    db,
    sql`select exists (select 1 from media where state = 'processing') as pending`,
  );
  return row?.pending ? "pending" : "ready";
}

/**
 * Draws what the seed (or an interrupted earlier start) left to draw, in the background, two images
 * at a time. `stop` ends it between images and resolves when the images under way are written.
 * Given the built drawing process (`drawingProcessFile`, decision 0089), the encoding runs in that
 * child process, started on the first image and ended after the last, so the memory it took goes
 * back to the system; without it (tests running the TypeScript), in this process.
 */
export function drawInBackground(
  db: Database,
  files: FileStore,
  logger: Logger,
  drawingProcessFile?: URL,
): { stop(): Promise<void> } {
  const abort = new AbortController();
  const drawer = drawingProcessFile ? drawingProcess(drawingProcessFile) : undefined;
  const done = drawPendingImages(db, files, {
    concurrency: 2,
    signal: abort.signal,
    encode: drawer?.encode,
    log: (message) => logger.info(message),
  })
    .then(({ drawn }) => {
      // The process that encoded them (still running until `close` below), or this one.
      if (drawn > 0) logger.info({ drawn, drawnBy: drawer?.pid ?? process.pid }, "demo images drawn");
    })
    .catch((error) => {
      if (!abort.signal.aborted) logger.error({ err: error }, "drawing the demo images failed");
    })
    .finally(() => drawer?.close());
  return {
    stop: async () => {
      abort.abort();
      await done;
    },
  };
}

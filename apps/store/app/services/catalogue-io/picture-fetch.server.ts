import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import path from "node:path";
import { catalogueImportPictures, type Database, productImages, variations } from "@vitrine/db";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { JobPictures } from "../../lib/catalogue-import-view.ts";
import { MAX_UPLOAD_BYTES, MediaError, type MediaLibrary } from "../media/media-library.server.ts";
import { addressFamily, isPublicAddress } from "./picture-address.server.ts";

/**
 * The pictures an imported file names by another site's address (`catalogue_import_pictures`,
 * pending), fetched in the background and put through the media library's upload, as if staff had
 * uploaded them (decision 0077). Only http(s), only public addresses: the host is resolved, every
 * address it has is checked, and the connection is made to the checked address (so a second DNS
 * answer cannot point it elsewhere); redirects are followed by hand, each hop checked the same way.
 * A fetch has a time limit and a size limit. A failure that may pass (a timeout, a refused
 * connection, a 5xx, a 429) is tried again after a pause that grows; one that will not (a 404, a
 * forbidden address, a file too big or not a picture) fails at once. A failed picture keeps its
 * error and its address; the product keeps the placeholder until "Fetch again" puts it back to pending.
 */

export type PictureFetchOptions = {
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Tries per picture before it fails. */
  maxAttempts?: number;
  /** The first pause between tries; each next one is four times longer. */
  backoffMs?: number;
  /** Pictures fetched side by side. */
  concurrency?: number;
  /** Pictures taken per sweep. */
  batchSize?: number;
  /**
   * Which resolved addresses may be connected to. Production never sets it (`isPublicAddress`);
   * tests allow their loopback fake host, and only that.
   */
  isAllowedAddress?: (address: string) => boolean;
};

const DEFAULTS = {
  timeoutMs: 20_000,
  maxBytes: MAX_UPLOAD_BYTES,
  maxRedirects: 3,
  maxAttempts: 3,
  backoffMs: 2_000,
  concurrency: 4,
  batchSize: 40,
} satisfies Required<Omit<PictureFetchOptions, "isAllowedAddress">>;

/** Why a fetch failed, in words kept with the picture; `retry` when trying again may help. */
export class PictureFetchError extends Error {
  override name = "PictureFetchError";
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** A picture's bytes fetched from `address` under the rules above. */
export async function fetchPicture(
  address: string,
  options: PictureFetchOptions = {},
): Promise<{ bytes: Buffer; filename: string }> {
  const settings = { ...DEFAULTS, ...options };
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url = parseAddress(address);
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await resolveChecked(url, allowed);
      const response = await get(url, pinned, signal);
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location)
          throw new PictureFetchError(`The server answered ${status} without a Location.`, false);
        if (hop >= settings.maxRedirects)
          throw new PictureFetchError(`More than ${settings.maxRedirects} redirects.`, false);
        url = parseAddress(new URL(location, url).href);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new PictureFetchError(`The server answered ${status}.`, status >= 500 || status === 429);
      }
      const bytes = await readBody(response, settings.maxBytes, signal);
      const filename = path.posix.basename(decodeSafely(url.pathname)) || "picture";
      return { bytes, filename };
    }
  } catch (error) {
    if (error instanceof PictureFetchError) throw error;
    if (signal.aborted)
      throw new PictureFetchError(`No answer within ${settings.timeoutMs / 1000} seconds.`, true);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND") throw new PictureFetchError(`The host ${url.hostname} does not exist.`, false);
    throw new PictureFetchError(
      `The picture could not be fetched: ${code ?? (error as Error).message}.`,
      true,
    );
  }
}

function parseAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PictureFetchError(`"${address}" is not an address.`, false);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new PictureFetchError(`Only http and https addresses are fetched, not ${url.protocol}`, false);
  if (url.username || url.password)
    throw new PictureFetchError("An address with a user name or password is not fetched.", false);
  return url;
}

const decodeSafely = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The host's addresses, each checked; the first, to connect to. Any forbidden one refuses the host. */
async function resolveChecked(
  url: URL,
  allowed: (address: string) => boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = addressFamily(host);
  const found = literal
    ? [{ address: host, family: literal }]
    : (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => ({
        address: entry.address,
        family: entry.family === 6 ? (6 as const) : (4 as const),
      }));
  const refused = found.find((entry) => !allowed(entry.address));
  if (refused || found.length === 0)
    throw new PictureFetchError(
      `${url.hostname} is not a public address${refused && refused.address !== host ? ` (${refused.address})` : ""}.`,
      false,
    );
  return found[0]!;
}

/** One GET connected to the checked address (the lookup answers it, whatever DNS says now). */
function get(
  url: URL,
  pinned: { address: string; family: 4 | 6 },
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      // A connection of its own: a kept-alive socket to another address is never reused.
      agent: false,
      lookup,
      signal,
      headers: { Accept: "image/*", "User-Agent": "Vitrine catalogue import" },
    });
    request.once("response", resolve);
    request.once("error", reject);
  });
}

/** The body, refused past `maxBytes` (by its announced length, or as it arrives). */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const tooBig = () =>
    new PictureFetchError(`The picture is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB.`, false);
  const announced = Number(response.headers["content-length"]);
  if (Number.isFinite(announced) && announced > maxBytes) {
    response.destroy();
    throw tooBig();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooBig();
    }
    chunks.push(chunk);
  }
  if (signal.aborted) throw signal.reason;
  return Buffer.concat(chunks);
}

export type FetchOutcome = { fetched: number; failed: number; productIds: number[] };

/**
 * One sweep: the pending pictures (at most `batchSize`), each fetched with its tries, uploaded into
 * the media library and put in its place in the product's gallery (or as the variation's picture).
 * Answers what it did and the products whose pictures changed, for their pages to be dropped.
 */
export async function fetchPendingPictures(
  db: Database,
  library: MediaLibrary,
  options: PictureFetchOptions = {},
): Promise<FetchOutcome> {
  const settings = { ...DEFAULTS, ...options };
  const pending = await db
    .select()
    .from(catalogueImportPictures)
    .where(eq(catalogueImportPictures.state, "pending"))
    .orderBy(asc(catalogueImportPictures.id))
    .limit(settings.batchSize);
  const outcome: FetchOutcome = { fetched: 0, failed: 0, productIds: [] };
  const queue = [...pending];
  const worker = async () => {
    for (let picture = queue.shift(); picture; picture = queue.shift()) {
      const done = await fetchOne(db, library, picture, options);
      if (done === "fetched") {
        outcome.fetched++;
        outcome.productIds.push(picture.productId);
      } else if (done === "failed") outcome.failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, queue.length) }, worker));
  outcome.productIds = [...new Set(outcome.productIds)];
  return outcome;
}

type PictureRow = typeof catalogueImportPictures.$inferSelect;

/** One picture's tries; "gone" when the import replaced it meanwhile. */
async function fetchOne(
  db: Database,
  library: MediaLibrary,
  picture: PictureRow,
  options: PictureFetchOptions,
): Promise<"fetched" | "failed" | "gone"> {
  const settings = { ...DEFAULTS, ...options };
  for (let attempt = picture.attempts + 1; ; attempt++) {
    let error: PictureFetchError;
    try {
      const { bytes, filename } = await fetchPicture(picture.url, options);
      const item = await library.upload({ bytes, filename, alt: {}, uploadedBy: null });
      const placed = await place(db, picture, item.id, attempt);
      if (!placed) await library.remove(item.id, true);
      return placed ? "fetched" : "gone";
    } catch (caught) {
      if (caught instanceof PictureFetchError) error = caught;
      else if (caught instanceof MediaError)
        error = new PictureFetchError(`${caught.message}`, caught.status >= 500);
      else throw caught;
    }
    const last = !error.retry || attempt >= settings.maxAttempts;
    const [still] = await db
      .update(catalogueImportPictures)
      .set({ attempts: attempt, error: error.message, ...(last ? { state: "failed" as const } : {}) })
      .where(and(eq(catalogueImportPictures.id, picture.id), eq(catalogueImportPictures.state, "pending")))
      .returning({ id: catalogueImportPictures.id });
    if (!still) return "gone";
    if (last) return "failed";
    await new Promise((resolve) => setTimeout(resolve, settings.backoffMs * 4 ** (attempt - 1)));
  }
}

/** The fetched picture in its place, in one transaction with its row's state; false when the row is gone. */
async function place(db: Database, picture: PictureRow, mediaId: number, attempts: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(catalogueImportPictures)
      .set({ state: "fetched", mediaId, attempts, error: null })
      .where(and(eq(catalogueImportPictures.id, picture.id), eq(catalogueImportPictures.state, "pending")))
      .returning({ id: catalogueImportPictures.id });
    if (!row) return false;
    if (picture.variationId === 0)
      await tx
        .insert(productImages)
        .values({ productId: picture.productId, mediaId, position: picture.position })
        .onConflictDoNothing();
    else if (picture.position === 0)
      await tx
        .update(variations)
        .set({ imageId: mediaId })
        .where(and(eq(variations.id, picture.variationId), isNull(variations.imageId)));
    return true;
  });
}

/** "Fetch again": the failed pictures (of one job, or all) pending again with their tries counted afresh. */
export async function retryFailedPictures(db: Database, jobId?: number): Promise<number> {
  const rows = await db
    .update(catalogueImportPictures)
    .set({ state: "pending", attempts: 0, error: null })
    .where(
      and(
        eq(catalogueImportPictures.state, "failed"),
        jobId === undefined ? undefined : eq(catalogueImportPictures.jobId, jobId),
      ),
    )
    .returning({ id: catalogueImportPictures.id });
  return rows.length;
}

/** A job's pictures by state, and the failed ones with their address and error (the report's part). */
export async function picturesOfJob(db: Database, jobId: number, limit = 200): Promise<JobPictures> {
  const [counts, failures] = await Promise.all([
    db
      .select({ state: catalogueImportPictures.state, n: sql<number>`count(*)::int` })
      .from(catalogueImportPictures)
      .where(eq(catalogueImportPictures.jobId, jobId))
      .groupBy(catalogueImportPictures.state),
    db
      .select({
        productId: catalogueImportPictures.productId,
        variationId: catalogueImportPictures.variationId,
        url: catalogueImportPictures.url,
        error: catalogueImportPictures.error,
        attempts: catalogueImportPictures.attempts,
      })
      .from(catalogueImportPictures)
      .where(and(eq(catalogueImportPictures.jobId, jobId), eq(catalogueImportPictures.state, "failed")))
      .orderBy(asc(catalogueImportPictures.id))
      .limit(limit),
  ]);
  const count = (state: string) => counts.find((row) => row.state === state)?.n ?? 0;
  return { pending: count("pending"), fetched: count("fetched"), failed: count("failed"), failures };
}

const wakers = new WeakMap<Database, () => void>();

/** Tells this process's picture sweep over `db`, if it runs one, that pictures wait (an import ended, "Fetch again"). */
export function wakePictureFetching(db: Database): void {
  wakers.get(db)?.();
}

/**
 * The background job's work: sweeps until nothing is pending, then sleeps until `intervalMs` has
 * passed or `wakePictureFetching` is called; `onFetched` hears the products whose gallery changed.
 */
export function sweepPictures(options: {
  db: Database;
  library: MediaLibrary;
  logger: Logger;
  onFetched: (productIds: number[]) => void;
  intervalMs?: number;
  fetch?: PictureFetchOptions;
}): { stop(): Promise<void> } {
  const { db, library, logger } = options;
  let stopped = false;
  let wake: () => void = () => {};
  const loop = async () => {
    while (!stopped) {
      try {
        const done = await fetchPendingPictures(db, library, options.fetch);
        if (done.productIds.length > 0) options.onFetched(done.productIds);
        if (done.fetched + done.failed > 0) {
          logger.info({ fetched: done.fetched, failed: done.failed }, "imported pictures fetched");
          continue;
        }
      } catch (error) {
        if (!stopped) logger.warn({ err: error }, "fetching imported pictures failed");
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.intervalMs ?? 60_000);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  wakers.set(db, () => wake());
  const running = loop();
  return {
    async stop() {
      stopped = true;
      wakers.delete(db);
      wake();
      // A fetch under way ends within its time limit; shutdown does not wait longer than that.
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    },
  };
}

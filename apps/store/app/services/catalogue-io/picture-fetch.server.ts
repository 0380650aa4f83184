import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import path from "node:path";
import {
  catalogueImportFiles,
  catalogueImportPictures,
  type Database,
  productDownloads,
  productImages,
  variations,
} from "@vitrine/db";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { JobFetches } from "../../lib/catalogue-import-view.ts";
import { MAX_UPLOAD_BYTES, MediaError, type MediaLibrary } from "../media/media-library.server.ts";
import type { PrivateFiles } from "../media/private-files.server.ts";
import { addressFamily, isPublicAddress } from "./picture-address.server.ts";

/**
 * What an imported file names by another site's address, fetched in the background through one
 * path: its pictures (`catalogue_import_pictures`), put through the media library's upload as if
 * staff had uploaded them (decision 0077), and its downloadable files (`catalogue_import_files`),
 * stored into the private file row their downloads already name, with the checks of a staff upload
 * of a file (decision 0081). Only http(s), only public addresses: the host is resolved, every
 * address it has is checked, and the connection is made to the checked address (so a second DNS
 * answer cannot point it elsewhere); redirects are followed by hand, each hop checked the same way.
 * A fetch has a time limit and a size limit. A failure that may pass (a timeout, a refused
 * connection, a 5xx, a 429) is tried again after a pause that grows; one that will not (a 404, a
 * forbidden address, a file too big or of a type the store does not take) fails at once. A failure
 * keeps its error and its address; the product keeps the placeholder (a download answers "file
 * gone") until "Fetch again" puts it back to pending.
 */

export type AddressFetchOptions = {
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Tries per address before it fails. */
  maxAttempts?: number;
  /** The first pause between tries; each next one is four times longer. */
  backoffMs?: number;
  /** Addresses fetched side by side. */
  concurrency?: number;
  /** Pictures, and files, taken per sweep. */
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
} satisfies Required<Omit<AddressFetchOptions, "isAllowedAddress">>;

/** Why a fetch failed, in words kept with the picture or file; `retry` when trying again may help. */
export class AddressFetchError extends Error {
  override name = "AddressFetchError";
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * The bytes at `address`, fetched under the rules above, and the last part of its path (empty when
 * it has none); `accept` is the request's Accept header.
 */
export async function fetchAddress(
  address: string,
  options: AddressFetchOptions = {},
  accept = "*/*",
): Promise<{ bytes: Buffer; filename: string }> {
  const settings = { ...DEFAULTS, ...options };
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let url = parseAddress(address);
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await resolveChecked(url, allowed);
      const response = await get(url, pinned, signal, accept);
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location)
          throw new AddressFetchError(`The server answered ${status} without a Location.`, false);
        if (hop >= settings.maxRedirects)
          throw new AddressFetchError(`More than ${settings.maxRedirects} redirects.`, false);
        url = parseAddress(new URL(location, url).href);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new AddressFetchError(`The server answered ${status}.`, status >= 500 || status === 429);
      }
      const bytes = await readBody(response, settings.maxBytes, signal);
      const filename = path.posix.basename(decodeSafely(url.pathname));
      return { bytes, filename };
    }
  } catch (error) {
    if (error instanceof AddressFetchError) throw error;
    if (signal.aborted)
      throw new AddressFetchError(`No answer within ${settings.timeoutMs / 1000} seconds.`, true);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND") throw new AddressFetchError(`The host ${url.hostname} does not exist.`, false);
    throw new AddressFetchError(
      `The address could not be fetched: ${code ?? (error as Error).message}.`,
      true,
    );
  }
}

function parseAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AddressFetchError(`"${address}" is not an address.`, false);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new AddressFetchError(`Only http and https addresses are fetched, not ${url.protocol}`, false);
  if (url.username || url.password)
    throw new AddressFetchError("An address with a user name or password is not fetched.", false);
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
    throw new AddressFetchError(
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
  accept: string,
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
      headers: { Accept: accept, "User-Agent": "Vitrine catalogue import" },
    });
    request.once("response", resolve);
    request.once("error", reject);
  });
}

/** The body, refused past `maxBytes` (by its announced length, or as it arrives). */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const limit =
    maxBytes >= 1024 * 1024
      ? `${Math.floor(maxBytes / 1024 / 1024)} MB`
      : `${Math.floor(maxBytes / 1024)} KB`;
  const tooBig = () => new AddressFetchError(`The file is larger than ${limit}.`, false);
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

/** Where fetched bytes go: pictures into the media library, files into their waiting private file rows. */
export type FetchStores = { library: MediaLibrary; files: PrivateFiles };

export type FetchOutcome = { fetched: number; failed: number; productIds: number[] };

/**
 * Something an import left to fetch, whatever it is: its address, its tries so far and what to ask
 * for; `keep` stores the fetched bytes where they belong, in one transaction with its row's state
 * (false when the import replaced the row meanwhile); `record` keeps a failed try's error, the last
 * one failing the row (false when the row is gone).
 */
type Waiting = {
  url: string;
  attempts: number;
  accept: string;
  /** The product whose pages change once it is kept (a picture's), or null. */
  productId: number | null;
  keep(bytes: Buffer, filename: string, attempts: number): Promise<boolean>;
  record(attempts: number, error: string, last: boolean): Promise<boolean>;
};

/**
 * One sweep: the pending pictures and the pending files (at most `batchSize` of each), each fetched
 * with its tries; a picture uploaded into the media library and put in its place in the product's
 * gallery (or as the variation's picture), a file stored into the file row its downloads name.
 * Answers what it did and the products whose pictures changed, for their pages to be dropped.
 */
export async function fetchPendingImports(
  db: Database,
  stores: FetchStores,
  options: AddressFetchOptions = {},
): Promise<FetchOutcome> {
  const settings = { ...DEFAULTS, ...options };
  const [pictures, files] = await Promise.all([
    db
      .select()
      .from(catalogueImportPictures)
      .where(eq(catalogueImportPictures.state, "pending"))
      .orderBy(asc(catalogueImportPictures.id))
      .limit(settings.batchSize),
    db
      .select()
      .from(catalogueImportFiles)
      .where(eq(catalogueImportFiles.state, "pending"))
      .orderBy(asc(catalogueImportFiles.id))
      .limit(settings.batchSize),
  ]);
  const outcome: FetchOutcome = { fetched: 0, failed: 0, productIds: [] };
  const queue: Waiting[] = [
    ...pictures.map((picture) => waitingPicture(db, stores.library, picture)),
    ...files.map((file) => waitingFile(db, stores.files, file)),
  ];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const done = await fetchOne(item, settings);
      if (done === "fetched") {
        outcome.fetched++;
        if (item.productId !== null) outcome.productIds.push(item.productId);
      } else if (done === "failed") outcome.failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, queue.length) }, worker));
  outcome.productIds = [...new Set(outcome.productIds)];
  return outcome;
}

/** One address's tries; "gone" when the import replaced its row meanwhile. */
async function fetchOne(
  item: Waiting,
  settings: AddressFetchOptions & typeof DEFAULTS,
): Promise<"fetched" | "failed" | "gone"> {
  for (let attempt = item.attempts + 1; ; attempt++) {
    let error: AddressFetchError;
    try {
      const { bytes, filename } = await fetchAddress(item.url, settings, item.accept);
      return (await item.keep(bytes, filename, attempt)) ? "fetched" : "gone";
    } catch (caught) {
      if (caught instanceof AddressFetchError) error = caught;
      // The store's own refusal of the bytes (too big, a type it does not take): it will not pass.
      else if (caught instanceof MediaError)
        error = new AddressFetchError(`${caught.message}`, caught.status >= 500);
      else throw caught;
    }
    const last = !error.retry || attempt >= settings.maxAttempts;
    if (!(await item.record(attempt, error.message, last))) return "gone";
    if (last) return "failed";
    await new Promise((resolve) => setTimeout(resolve, settings.backoffMs * 4 ** (attempt - 1)));
  }
}

type PictureRow = typeof catalogueImportPictures.$inferSelect;

/** A pending picture: through the media library's upload, then into its product's gallery. */
function waitingPicture(db: Database, library: MediaLibrary, picture: PictureRow): Waiting {
  return {
    url: picture.url,
    attempts: picture.attempts,
    accept: "image/*",
    productId: picture.productId,
    async keep(bytes, filename, attempts) {
      const item = await library.upload({
        bytes,
        filename: filename || "picture",
        alt: {},
        uploadedBy: null,
      });
      const placed = await place(db, picture, item.id, attempts);
      if (!placed) await library.remove(item.id, true);
      return placed;
    },
    async record(attempts, error, last) {
      const [still] = await db
        .update(catalogueImportPictures)
        .set({ attempts, error, ...(last ? { state: "failed" as const } : {}) })
        .where(and(eq(catalogueImportPictures.id, picture.id), eq(catalogueImportPictures.state, "pending")))
        .returning({ id: catalogueImportPictures.id });
      return still !== undefined;
    },
  };
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

type FileRow = typeof catalogueImportFiles.$inferSelect;

/**
 * A pending downloadable file: stored as a staff upload of a file is (type sniffed, the media
 * library's size limit, under the originals folder, never served) into the file row its downloads
 * already name, so they deliver it at once.
 */
function waitingFile(db: Database, files: PrivateFiles, file: FileRow): Waiting {
  return {
    url: file.url,
    attempts: file.attempts,
    accept: "*/*",
    productId: null,
    async keep(bytes, filename, attempts) {
      const stored = await files.fillFile(
        file.mediaId,
        { bytes, filename: filename || "download" },
        async (tx) => {
          const [row] = await tx
            .update(catalogueImportFiles)
            .set({ state: "fetched", attempts, error: null })
            .where(and(eq(catalogueImportFiles.id, file.id), eq(catalogueImportFiles.state, "pending")))
            .returning({ id: catalogueImportFiles.id });
          return row !== undefined;
        },
      );
      return stored !== null;
    },
    async record(attempts, error, last) {
      const [still] = await db
        .update(catalogueImportFiles)
        .set({ attempts, error, ...(last ? { state: "failed" as const } : {}) })
        .where(and(eq(catalogueImportFiles.id, file.id), eq(catalogueImportFiles.state, "pending")))
        .returning({ id: catalogueImportFiles.id });
      return still !== undefined;
    },
  };
}

/**
 * "Fetch again": the failed pictures and files (of one job, or all) pending again with their tries
 * counted afresh; answers how many.
 */
export async function retryFailedFetches(db: Database, jobId?: number): Promise<number> {
  const again = { state: "pending" as const, attempts: 0, error: null };
  const [pictures, files] = await Promise.all([
    db
      .update(catalogueImportPictures)
      .set(again)
      .where(
        and(
          eq(catalogueImportPictures.state, "failed"),
          jobId === undefined ? undefined : eq(catalogueImportPictures.jobId, jobId),
        ),
      )
      .returning({ id: catalogueImportPictures.id }),
    db
      .update(catalogueImportFiles)
      .set(again)
      .where(
        and(
          eq(catalogueImportFiles.state, "failed"),
          jobId === undefined ? undefined : eq(catalogueImportFiles.jobId, jobId),
        ),
      )
      .returning({ id: catalogueImportFiles.id }),
  ]);
  return pictures.length + files.length;
}

/** A job's pictures by state, and the failed ones with their address and error (the report's part). */
export async function picturesOfJob(db: Database, jobId: number, limit = 200): Promise<JobFetches> {
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

/**
 * A job's downloadable files by state, and the failed ones with their address, error and each
 * product (or variation) whose download names them (the report's part, beside the pictures').
 */
export async function filesOfJob(db: Database, jobId: number, limit = 200): Promise<JobFetches> {
  const [counts, failures] = await Promise.all([
    db
      .select({ state: catalogueImportFiles.state, n: sql<number>`count(*)::int` })
      .from(catalogueImportFiles)
      .where(eq(catalogueImportFiles.jobId, jobId))
      .groupBy(catalogueImportFiles.state),
    db
      .selectDistinct({
        fileId: catalogueImportFiles.id,
        productId: productDownloads.productId,
        variationId: sql<number>`coalesce(${productDownloads.variationId}, 0)`.mapWith(Number),
        url: catalogueImportFiles.url,
        error: catalogueImportFiles.error,
        attempts: catalogueImportFiles.attempts,
      })
      .from(catalogueImportFiles)
      .innerJoin(productDownloads, eq(productDownloads.mediaId, catalogueImportFiles.mediaId))
      .where(and(eq(catalogueImportFiles.jobId, jobId), eq(catalogueImportFiles.state, "failed")))
      .orderBy(asc(catalogueImportFiles.id), asc(productDownloads.productId))
      .limit(limit),
  ]);
  const count = (state: string) => counts.find((row) => row.state === state)?.n ?? 0;
  return {
    pending: count("pending"),
    fetched: count("fetched"),
    failed: count("failed"),
    failures: failures.map(({ fileId: _, ...failure }) => failure),
  };
}

const wakers = new WeakMap<Database, () => void>();

/**
 * Tells this process's sweep over `db`, if it runs one, that pictures or files wait (an import
 * ended, "Fetch again").
 */
export function wakeImportFetching(db: Database): void {
  wakers.get(db)?.();
}

/**
 * The background job's work: sweeps until nothing is pending, then sleeps until `intervalMs` has
 * passed or `wakeImportFetching` is called; `onFetched` hears the products whose gallery changed.
 */
export function sweepImportFetches(options: {
  db: Database;
  stores: FetchStores;
  logger: Logger;
  onFetched: (productIds: number[]) => void;
  intervalMs?: number;
  fetch?: AddressFetchOptions;
}): { stop(): Promise<void> } {
  const { db, stores, logger } = options;
  let stopped = false;
  let wake: () => void = () => {};
  const loop = async () => {
    while (!stopped) {
      try {
        const done = await fetchPendingImports(db, stores, options.fetch);
        if (done.productIds.length > 0) options.onFetched(done.productIds);
        if (done.fetched + done.failed > 0) {
          logger.info({ fetched: done.fetched, failed: done.failed }, "imported pictures and files fetched");
          continue;
        }
      } catch (error) {
        if (!stopped) logger.warn({ err: error }, "fetching imported pictures and files failed");
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

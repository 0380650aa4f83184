import { brotliCompress, constants, gunzipSync, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import Negotiator from "negotiator";
import { TRANSLATION_COOKIE } from "../app/i18n/language.ts";
import { ACCOUNT_HINT_COOKIE } from "../app/lib/account-hint.ts";
import { RESERVED_PAGE_SLUGS } from "../app/lib/page-blocks.ts";
import { parseCookies } from "../app/services/shared/cookies.server.ts";
import { NOTICES_COOKIE } from "../app/services/shared/session.server.ts";
import { deviceClass } from "../app/services/shared/user-agent.server.ts";

type Entry = {
  status: number;
  headers: Record<string, string | string[]>;
  /**
   * The body as rendered, kept while it is the only form or while someone asked for it
   * uncompressed: once both compressed forms are ready it is dropped, and made again from the gzip
   * form (and kept) the first time a request wants it as it is.
   */
  body: Buffer | undefined;
  /** A request took the body uncompressed: it is kept beside the compressed forms. */
  plainAsked: boolean;
  storedAt: number;
  /** What the page shows (services/page-tags.server.ts); empty: dropped by every purge. */
  tags: ReadonlySet<string>;
  /** The body compressed once, each encoding as it is ready (none for a body under 1 KB). */
  encoded: Partial<Record<StoredEncoding, Buffer>>;
  /** The bytes this entry holds, as counted against the cache's bound. */
  bytes: number;
  /** Still in the cache (a compression may finish after it was dropped). */
  kept: boolean;
};

type StoredEncoding = "br" | "gzip";
/** What `compression` offers and prefers: a stored page is served as it would have compressed it. */
const offered = ["br", "gzip", "deflate", "identity"];
const preferred = ["br", "gzip"];
/** `compression`'s threshold: a smaller body is sent as it is. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Catalogue and content pages are the same HTML for every shopper who is not staff, with or without
 * a session or a cart (the browser fills those in): those can be kept and shared. A content page is
 * `/{slug}` of a slug in lowercase letters, digits and hyphens that is not the first segment of one
 * of the store's own addresses (the router matches `/CART` or `/c%61rt` as `/cart`: those stay private).
 */
const catalogPath = /^\/($|shop(\/page\/\d+)?\/?$|product-category\/|product\/)/;
const reservedSlugs = new Set<string>(RESERVED_PAGE_SLUGS);
const contentPagePath = /^\/([a-z0-9][a-z0-9-]*)\/?$/;

/** Whether a page at `path` is shared by every shopper who is not staff (and so may be kept). */
export function isSharedPagePath(path: string): boolean {
  if (catalogPath.test(path)) return true;
  const slug = contentPagePath.exec(path)?.[1];
  return slug !== undefined && !reservedSlugs.has(slug);
}

const PUBLIC_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";
const PRIVATE_CACHE = "private, no-cache";
/**
 * Headers that describe one transfer, not the page: compression sets them again for each response,
 * and each request has its own id (decision 0083).
 */
const notReplayed = new Set([
  "x-page-cache",
  "x-request-id",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
]);

/** What an entry costs beside its bodies: its key, headers, tags and the maps' slots, roughly. */
const ENTRY_OVERHEAD_BYTES = 2048;

/**
 * A bounded in-memory cache of guest HTML (least recently used goes first). It keeps what it sends:
 * the page compressed with brotli and gzip (what browsers ask for), and the body as rendered only
 * while a request wants it so. The bound is in bytes (`PAGE_CACHE_MB`): a store with larger pages
 * keeps fewer of them rather than more memory. Entries live at most `ttlMs`; a catalogue change
 * clears them all. Pages rendered for one shopper are never kept.
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();
  /** The bytes the entries hold, kept at or under `maxBytes`. */
  #bytes = 0;
  /**
   * Pages being rendered, by key, each settling with the page kept (or nothing): a request for one of
   * them waits for it instead of rendering the same page again (after a purge, a busy store would
   * otherwise render a popular page once for every shopper asking at that moment).
   */
  readonly #rendering = new Map<string, Promise<Entry | undefined>>();
  /** Counts clear() calls: a page whose rendering began before a clear is served but never kept. */
  #generation = 0;

  /**
   * @param storeHost the host (and port) of the store's public address: a page asked for under any
   *   other `Host` is rendered for that request alone, never kept or served from the cache.
   * @param variant what else, read from the browser's cookies, makes the shared page differ (the
   *   store notice, shown or dismissed; the prices' display variant, decision 0071): each answer
   *   gets its own copy. Null: this request's page cannot be told apart yet, it is its own.
   */
  constructor(
    private readonly maxBytes: number,
    private readonly storeHost: string,
    private readonly ttlMs = 5 * 60_000,
    private readonly variant: (cookies: Record<string, string | undefined>) => string | null = () => "",
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes the kept pages hold (their bodies and an estimate of the rest). */
  get bytes(): number {
    return this.#bytes;
  }

  clear(): void {
    this.#generation++;
    for (const entry of this.#entries.values()) entry.kept = false;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Drops the pages that show any of `tags`, and those that name nothing. */
  purge(tags: readonly string[]): void {
    this.#generation++;
    for (const [key, entry] of this.#entries)
      if (entry.tags.size === 0 || tags.some((tag) => entry.tags.has(tag))) this.#drop(key, entry);
  }

  #drop(key: string, entry: Entry): void {
    if (!entry.kept) return;
    entry.kept = false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Counts a change in what `entry` holds, if it is still kept, and evicts down to the bound. */
  #resized(entry: Entry): void {
    const bytes =
      ENTRY_OVERHEAD_BYTES +
      (entry.body?.length ?? 0) +
      (entry.encoded.br?.length ?? 0) +
      (entry.encoded.gzip?.length ?? 0);
    if (entry.kept) this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.#evict();
  }

  /** Drops the least recently used pages until the rest fit. */
  #evict(): void {
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#entries.entries().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest[0], oldest[1]);
    }
  }

  /** The page as rendered: kept, or made again from its gzip form and kept from then on. */
  #plain(entry: Entry): Buffer {
    if (entry.body) return entry.body;
    // Dropped only once the gzip form was ready (`compressOnce`).
    entry.body = gunzipSync(entry.encoded.gzip as Buffer);
    entry.plainAsked = true;
    this.#resized(entry);
    return entry.body;
  }

  /**
   * Serves a kept page before the rest of the stack runs (security headers, static files, calls),
   * in the encoding the browser asked for, compressed once when it was kept. A page it cannot serve
   * that way (not kept, being rendered, HEAD, an encoding not ready yet) goes on to `middleware()`,
   * which answers as before. `closed` is true while the store shows only its coming-soon page.
   */
  hits(closed: () => boolean) {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== "GET" || this.maxBytes === 0 || closed()) return next();
      const key = this.#sharedKey(req, parseCookies(req.headers.cookie));
      const hit = key === null ? undefined : this.#fresh(key);
      if (!hit) return next();
      // As `compression`: nothing asked for or nothing acceptable is sent as it is.
      const encoding =
        (req.headers["accept-encoding"] && new Negotiator(req).encoding(offered, preferred)) || "identity";
      const body = encoding === "identity" ? this.#plain(hit) : hit.encoded[encoding as StoredEncoding];
      if (!body) return next();
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("Vary", "Cookie, Accept-Encoding");
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("X-Page-Cache", "HIT");
      res.status(hit.status).end(body);
    };
  }

  /** The key of the page this request shares with other shoppers, or null when it is its own. */
  #sharedKey(req: Request, cookies: Record<string, string | undefined>): string | null {
    if (
      !isSharedPagePath(req.path) ||
      req.host?.toLowerCase() !== this.storeHost ||
      // Staff see their own render (edit links); a shopper with a notice waiting sees it once.
      cookies[ACCOUNT_HINT_COOKIE] === "staff" ||
      NOTICES_COOKIE in cookies
    )
      return null;
    const variant = this.variant(cookies);
    if (variant === null) return null;
    // Product pages switch hover zoom on by device, so phones and desktops get their own copy.
    return `${cookies[TRANSLATION_COOKIE] ?? ""}|${deviceClass(req.headers["user-agent"])}|${variant}|${req.originalUrl}`;
  }

  /** The kept page under `key` if it is young enough, marked as the most recently used. */
  #fresh(key: string): Entry | undefined {
    const hit = this.#entries.get(key);
    if (!hit || Date.now() - hit.storedAt >= this.ttlMs) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit;
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const key = this.#sharedKey(req, parseCookies(req.headers.cookie));
      if (key === null) {
        res.setHeader("Cache-Control", PRIVATE_CACHE);
        return next();
      }
      // Rendered for nobody in particular: the loaders see `sharedPage` and leave the session alone.
      res.locals.sharedPage = true;
      const tags = new Set<string>();
      res.locals.pageTags = tags;
      res.setHeader("Cache-Control", PUBLIC_CACHE);
      res.setHeader("Vary", "Cookie");
      if (this.maxBytes === 0) {
        this.#capture(res, tags, null);
        return next();
      }

      const hit = this.#fresh(key);
      if (hit) return this.#serve(req, res, hit);
      if (req.method === "HEAD") return this.#render(res, next, tags, null);
      const rendering = this.#rendering.get(key);
      if (!rendering) return this.#render(res, next, tags, key);
      // A page not kept (another shopper's render was purged or failed) is rendered for this one.
      void rendering.then((entry) =>
        entry ? this.#serve(req, res, entry) : this.#render(res, next, tags, key),
      );
    };
  }

  #serve(req: Request, res: Response, entry: Entry): void {
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "HIT");
    res.status(entry.status);
    res.end(req.method === "HEAD" ? undefined : this.#plain(entry));
  }

  /** Renders the page; given a key, others asking for it meanwhile wait for this render. */
  #render(res: Response, next: NextFunction, tags: Set<string>, key: string | null): void {
    res.setHeader("X-Page-Cache", "MISS");
    let settle: (entry: Entry | undefined) => void = () => {};
    if (key !== null && !this.#rendering.has(key)) {
      this.#rendering.set(
        key,
        new Promise((resolve) => {
          let settled = false;
          settle = (entry) => {
            if (settled) return;
            settled = true;
            this.#rendering.delete(key);
            resolve(entry);
          };
        }),
      );
      // A render that ends without being kept, or never ends (the shopper left), lets the others go.
      res.once("close", () => settle(undefined));
    }
    this.#capture(res, tags, key, (entry) => settle(entry));
    next();
  }

  /**
   * Sends the page's tags as `Surrogate-Key` with its first bytes (the loaders have run by then)
   * and, given a key, keeps the page unless a purge happened while it was being rendered.
   */
  #capture(
    res: Response,
    tags: ReadonlySet<string>,
    key: string | null,
    kept: (entry: Entry | undefined) => void = () => {},
  ): void {
    const generation = this.#generation;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!res.headersSent && tags.size > 0) res.setHeader("Surrogate-Key", [...tags].join(" "));
      if (key === null) return;
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(typeof chunk === "function" ? undefined : chunk, rest[0]);
      const keep =
        key !== null &&
        res.statusCode === 200 &&
        !res.getHeader("set-cookie") &&
        generation === this.#generation;
      kept(keep ? this.#store(key, res, Buffer.concat(chunks), tags) : undefined);
      return end(chunk, ...rest);
    }) as Response["end"];
  }

  #store(key: string, res: Response, body: Buffer, tags: ReadonlySet<string>): Entry {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || notReplayed.has(name)) continue;
      headers[name] = Array.isArray(value) ? value : String(value);
    }
    const entry: Entry = {
      status: 200,
      headers,
      body,
      plainAsked: false,
      storedAt: Date.now(),
      tags: new Set(tags),
      encoded: {},
      bytes: 0,
      kept: true,
    };
    const previous = this.#entries.get(key);
    if (previous) this.#drop(key, previous);
    this.#entries.set(key, entry);
    this.#resized(entry);
    if (body.length >= COMPRESS_FROM_BYTES) this.#compressOnce(entry);
    return entry;
  }

  /**
   * Compresses a kept page's body off the main thread, once. Brotli's quality 5 (`compression` uses
   * 4): on a 130 KB page 4 ms for 25.5 KB, where quality 9 takes 220 ms for 25.1 KB. Once both forms
   * are ready, the body as rendered goes unless a request already wanted it so.
   */
  #compressOnce(entry: Entry): void {
    const source = entry.body as Buffer;
    const ready = (encoding: StoredEncoding) => (error: Error | null, result: Buffer) => {
      if (error) return;
      entry.encoded[encoding] = result;
      if (entry.encoded.br && entry.encoded.gzip && !entry.plainAsked) entry.body = undefined;
      this.#resized(entry);
    };
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    };
    brotliCompress(source, { params }, ready("br"));
    gzip(source, ready("gzip"));
  }
}

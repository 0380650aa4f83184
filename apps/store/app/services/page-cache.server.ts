import type { NextFunction, Request, Response } from "express";
import { TRANSLATION_COOKIE } from "../i18n/language.ts";
import { parseCookies } from "./cookies.server.ts";
import { SESSION_COOKIE } from "./session.server.ts";
import { deviceClass } from "./user-agent.server.ts";

type Entry = { status: number; headers: Record<string, string | string[]>; body: Buffer; storedAt: number };

/** Catalogue pages are the same for every visitor without a session: those can be kept and shared. */
const cacheablePath = /^\/($|shop(\/page\/\d+)?\/?$|product-category\/|product\/)/;
const PUBLIC_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";
const PRIVATE_CACHE = "private, no-cache";
/** Headers that describe one transfer, not the page: compression sets them again for each response. */
const notReplayed = new Set([
  "x-page-cache",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
]);

/**
 * A bounded in-memory cache of guest HTML (least recently used goes first). Entries live at most
 * `ttlMs`; a catalogue change clears them all. Pages for shoppers with a session are never kept.
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const cookies = parseCookies(req.headers.cookie);
      if (SESSION_COOKIE in cookies || !cacheablePath.test(req.path)) {
        res.setHeader("Cache-Control", PRIVATE_CACHE);
        return next();
      }
      res.setHeader("Cache-Control", PUBLIC_CACHE);
      res.setHeader("Vary", "Cookie");
      if (this.maxEntries === 0) return next();

      // Product pages switch hover zoom on by device, so phones and desktops get their own copy.
      const key = `${cookies[TRANSLATION_COOKIE] ?? ""}|${deviceClass(req.headers["user-agent"])}|${req.originalUrl}`;
      const hit = this.#entries.get(key);
      if (hit && Date.now() - hit.storedAt < this.ttlMs) {
        this.#entries.delete(key);
        this.#entries.set(key, hit);
        for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
        res.setHeader("X-Page-Cache", "HIT");
        res.status(hit.status);
        res.end(req.method === "HEAD" ? undefined : hit.body);
        return;
      }
      res.setHeader("X-Page-Cache", "MISS");
      if (req.method === "HEAD") return next();
      this.#capture(key, res);
      next();
    };
  }

  #capture(key: string, res: Response): void {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") collect(chunk, rest[0]);
      if (res.statusCode === 200 && !res.getHeader("set-cookie"))
        this.#store(key, res, Buffer.concat(chunks));
      return end(chunk, ...rest);
    }) as Response["end"];
  }

  #store(key: string, res: Response, body: Buffer): void {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || notReplayed.has(name)) continue;
      headers[name] = Array.isArray(value) ? value : String(value);
    }
    this.#entries.set(key, { status: 200, headers, body, storedAt: Date.now() });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}

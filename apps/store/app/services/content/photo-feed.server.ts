import { createHash } from "node:crypto";
import { type Database, media } from "@vitrine/db";
import { and, desc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import { createI18n, type Locale } from "../../i18n/i18n.ts";
import { imageSources } from "../../lib/media.ts";
import { matchesMediaOrigin } from "../../lib/media-origins.ts";
import type { FeedPhoto } from "../../lib/photo-feed.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { loadImages } from "../media/media.server.ts";

/**
 * The photo feed block's pictures (spec §7 call 7): the store's own media library by default, or a
 * service with the Instagram Graph API's shape, as the store settings say (`photo_feed`).
 */
export interface PhotoFeedProvider {
  fetchPhotos(limit: number, locale: Locale, signal: AbortSignal): Promise<FeedPhoto[]>;
}

/** A feed that could not be loaded; the message is readable, for staff, and holds no secret. */
export class PhotoFeedError extends Error {
  override name = "PhotoFeedError";
}

/** The newest `limit` pictures of the media library whose sizes are all drawn; they open in the lightbox. */
export function mediaLibraryProvider(db: Database): PhotoFeedProvider {
  return {
    async fetchPhotos(limit, locale) {
      const newest = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.kind, "image"), eq(media.state, "ready")))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(limit);
      const images = await loadImages(
        db,
        newest.map((row) => row.id),
        locale,
      );
      return newest.flatMap(({ id }) => {
        const image = images.get(id);
        if (!image) return [];
        const { src, width, height, alt, large } = image;
        const sources = imageSources(image);
        return [{ id: `media-${id}`, src, sources, width, height, alt, link: large, linkIsImage: true }];
      });
    },
  };
}

export type GraphFeedOptions = {
  endpoint: string;
  token: string;
  /** Origins the pictures may come from besides the endpoint's (lib/media-origins.ts). */
  mediaOrigins: readonly string[];
  timeoutMs: number;
};

const GRAPH_FIELDS = "id,caption,media_type,media_url,permalink,thumbnail_url";
/** The longest alternative text a caption gives, in characters. */
const ALT_MAX = 200;

const graphError = z.object({ error: z.object({ message: z.string().trim().min(1) }) });
const graphFeed = z.object({ data: z.array(z.unknown()).max(1000) });
const graphItem = z.object({
  id: z.string().min(1).max(100),
  caption: z.string().optional(),
  media_type: z.string(),
  media_url: z.string().optional(),
  permalink: z.string(),
  thumbnail_url: z.string().optional(),
});

/**
 * `GET {endpoint}/me/media?fields=…&limit=N&access_token=…`, answered `{data: [...]}` or, with a
 * 4xx/5xx status, `{error: {message, type, code}}`. A post opens on the service, in a new tab. Only
 * pictures from the endpoint's origin or a configured one are kept: the page's content security
 * policy allows no others, and the service's answer is not trusted to name where the browser goes.
 */
export function graphProvider(options: GraphFeedOptions): PhotoFeedProvider {
  const endpointOrigin = new URL(options.endpoint).origin;
  const allowedPicture = (address: string | undefined): string | null => {
    const url = httpUrl(address);
    if (!url) return null;
    const allowed =
      url.origin === endpointOrigin || options.mediaOrigins.some((origin) => matchesMediaOrigin(url, origin));
    return allowed ? url.href : null;
  };

  return {
    async fetchPhotos(limit, locale, signal) {
      const url = new URL(`${options.endpoint.replace(/\/+$/, "")}/me/media`);
      url.search = new URLSearchParams({
        fields: GRAPH_FIELDS,
        limit: String(limit),
        access_token: options.token,
      }).toString();
      const deadline = AbortSignal.timeout(options.timeoutMs);
      let status: number;
      let text: string;
      try {
        // A redirect would carry the token in its query to wherever the service points.
        const answer = await fetch(url, {
          headers: { Accept: "application/json" },
          redirect: "error",
          signal: AbortSignal.any([signal, deadline]),
        });
        status = answer.status;
        text = await answer.text();
      } catch (error) {
        if (deadline.aborted) {
          throw new PhotoFeedError(`The photo service did not answer within ${options.timeoutMs} ms.`);
        }
        if (signal.aborted) throw new PhotoFeedError("The photo request was cancelled.");
        throw new PhotoFeedError("The photo service could not be reached.", { cause: error });
      }

      const body = parseJson(text);
      const refused = graphError.safeParse(body);
      if (refused.success) throw new PhotoFeedError(shorten(refused.data.error.message, 300));
      if (status < 200 || status > 299) throw new PhotoFeedError(`The photo service answered ${status}.`);
      const feed = graphFeed.safeParse(body);
      if (!feed.success) throw new PhotoFeedError("The photo service sent an answer that is not a feed.");

      const fallbackAlt = createI18n(locale).t("photoFeed.photoAlt");
      return feed.data.data
        .flatMap((entry): FeedPhoto[] => {
          const item = graphItem.safeParse(entry);
          if (!item.success) return [];
          const { id, caption, media_type, media_url, thumbnail_url, permalink } = item.data;
          const src = allowedPicture(media_type === "VIDEO" ? thumbnail_url : media_url);
          const link = httpUrl(permalink)?.href;
          if (!src || !link) return [];
          const alt = shorten(caption ?? "", ALT_MAX) || fallbackAlt;
          return [{ id, src, sources: [], width: null, height: null, alt, link, linkIsImage: false }];
        })
        .slice(0, limit);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function httpUrl(address: string | undefined): URL | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** One line of at most `max` characters (whole characters: captions are full of emoji). */
function shorten(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(line);
  return characters.length <= max
    ? line
    : `${characters
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** How long a feed is still served when its refresh fails. */
const STALE_MS = 24 * 60 * 60 * 1000;
/** Feeds kept per process: a few per language and block size, and the odd old one after a change. */
const MAX_KEPT = 200;
/** A fetch shared by several requests belongs to none of them: only its time-out ends it. */
const unowned = new AbortController().signal;

type Kept = { photos: FeedPhoto[]; at: number };

/**
 * The other origins a page with a feed block loads pictures from, for its content security policy
 * (decision 0027's `contentSources`): a service's endpoint and the picture origins the settings name.
 */
export function photoFeedImageOrigins(settings: StoreSettings): string[] {
  const { provider, graph } = settings.photo_feed;
  if (provider !== "graph" || !graph.endpoint) return [];
  return [new URL(graph.endpoint).origin, ...graph.mediaOrigins];
}

/**
 * The feed, one per server process. A service's feed is kept `cacheSeconds` and fetched once for
 * every request that asks meanwhile; when a refresh fails, the last feed is served (for up to 24 h)
 * and the failure logged. The media library is read on every load: it is the store's own database.
 */
export class PhotoFeed {
  readonly #kept = new Map<string, Kept>();
  readonly #fetching = new Map<string, Promise<FeedPhoto[]>>();
  readonly #db: Database;
  readonly #logger: Logger;
  readonly #now: () => number;

  constructor(options: { db: Database; logger: Logger; now?: () => number }) {
    this.#db = options.db;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
  }

  /** The photos a block of `limit` shows; a `PhotoFeedError` when there are none to show. */
  async load(settings: StoreSettings, limit: number, locale: Locale): Promise<FeedPhoto[]> {
    const { provider, graph } = settings.photo_feed;
    try {
      if (provider === "media")
        return await mediaLibraryProvider(this.#db).fetchPhotos(limit, locale, unowned);
      if (!graph.endpoint)
        throw new PhotoFeedError("The photo service has no address in the store settings.");
      const key = [
        graph.endpoint,
        createHash("sha256").update(graph.token).digest("base64url"),
        limit,
        // The alternative text of a post without a caption is in the page's language.
        locale,
        graph.mediaOrigins.join(" "),
      ].join("\n");
      return await this.#cached(key, graph.cacheSeconds * 1000, () =>
        graphProvider(graph).fetchPhotos(limit, locale, unowned),
      );
    } catch (error) {
      if (error instanceof PhotoFeedError) throw error;
      throw new PhotoFeedError("The photo feed could not be read.", { cause: error });
    }
  }

  #cached(key: string, ttlMs: number, fetchPhotos: () => Promise<FeedPhoto[]>): Promise<FeedPhoto[]> {
    const kept = this.#kept.get(key);
    if (kept && this.#now() - kept.at < ttlMs) return Promise.resolve(kept.photos);
    const underway = this.#fetching.get(key);
    if (underway) return underway;
    const fetching = fetchPhotos()
      .then(
        (photos) => {
          if (ttlMs > 0) this.#keep(key, photos);
          return photos;
        },
        (error: unknown) => {
          const age = kept ? this.#now() - kept.at : Number.POSITIVE_INFINITY;
          if (!kept || age >= STALE_MS) {
            this.#kept.delete(key);
            throw error;
          }
          this.#logger.warn(
            { err: error, ageSeconds: Math.round(age / 1000) },
            "photo feed refresh failed; serving the last feed",
          );
          return kept.photos;
        },
      )
      .finally(() => this.#fetching.delete(key));
    this.#fetching.set(key, fetching);
    return fetching;
  }

  #keep(key: string, photos: FeedPhoto[]): void {
    // Re-inserted, so the oldest entry is the first one and goes first.
    this.#kept.delete(key);
    this.#kept.set(key, { photos, at: this.#now() });
    if (this.#kept.size > MAX_KEPT) {
      const oldest = this.#kept.keys().next().value;
      if (oldest !== undefined) this.#kept.delete(oldest);
    }
  }
}

import { z } from "zod";
import { isAffiliatePath } from "./affiliate-links.ts";

/**
 * First-party analytics (spec §7, §9; decision 0040): what the browser sends and the rules it
 * follows, shared by the analytics client and the collection endpoint.
 */

/** A tab's analytics session id (features/analytics/session.ts makes them). */
export const ANALYTICS_SESSION_ID = /^[A-Za-z0-9_-]{16,40}$/;

export const ANALYTICS_EVENT_KINDS = ["page_view", "download", "outbound", "affiliate"] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];

/** Spec §9: links to files of these types count as downloads. */
export const DOWNLOAD_EXTENSIONS = ["doc", "pdf", "ppt", "zip", "xls", "docx", "pptx", "xlsx"] as const;

/** Spec §9: an outbound or affiliate click waits at most this long for its event before navigating. */
export const OUTBOUND_WAIT_MS = 1000;

/**
 * What a click on a link to `href`, on a page of `pageOrigin`, counts as: an affiliate link, a
 * download, an outbound link, or nothing (a link within the store, or not a web address).
 */
export function linkKind(href: string, pageOrigin: string): Exclude<AnalyticsEventKind, "page_view"> | null {
  let url: URL;
  try {
    url = new URL(href, pageOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const internal = url.origin === pageOrigin;
  if (internal && isAffiliatePath(url.pathname)) return "affiliate";
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (extension && (DOWNLOAD_EXTENSIONS as readonly string[]).includes(extension)) return "download";
  return internal ? null : "outbound";
}

/** A link as the store keeps it: origin and path, never the query or the fragment. */
export function withoutQuery(href: string, base: string): string {
  const url = new URL(href, base);
  return `${url.origin}${url.pathname}`;
}

const path = z
  .string()
  .max(2000)
  .regex(/^\/[^?#]*$/, "a path without query or fragment");

/** One event as the browser sends it to `POST /api/vitrine/v2/analytics/events`. */
export const analyticsEventSchema = z
  .object({
    kind: z.enum(ANALYTICS_EVENT_KINDS),
    path,
    /** A click's link, `origin + path` (withoutQuery). */
    target: z.string().url().max(2000).optional(),
    /** On a session's first page view: the landing address and the referrer, to find the visit's origin. */
    landing: z
      .object({ url: z.string().url().max(4000), referrer: z.string().max(4000) })
      .strict()
      .optional(),
  })
  .strict()
  .refine((event) => (event.kind === "page_view") === (event.target === undefined), {
    message: "a click has a target and a page view has none",
    path: ["target"],
  });

/** A batch of events, as `navigator.sendBeacon` or `fetch` sends it. */
export const analyticsBatchSchema = z
  .object({
    session: z.string().regex(ANALYTICS_SESSION_ID),
    language: z.enum(["en", "es"]),
    events: z.array(analyticsEventSchema).min(1).max(20),
  })
  .strict();
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** What the page tells the browser about analytics (the root loader's `tracking`). */
export type TrackingConfig = {
  /** The store asks for consent (the banner). */
  banner: boolean;
  /** First-party analytics on. */
  analytics: boolean;
  /** A GA4 measurement id, or "". */
  ga4: string;
  /** Percent of sessions recorded; 0: no recording. */
  recording: number;
};

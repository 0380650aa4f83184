/** Where the store itself serves the public files. */
export const MEDIA_URL_PREFIX = "/media/";

let base = MEDIA_URL_PREFIX;

/**
 * Where pages, REST and exports address the public files from (issue 44, decision 0084): the
 * store's own `/media/`, or `MEDIA_URL` (a CDN, or the bucket's public address) when it is set. Set
 * once per process, from its configuration, before anything is addressed: server.ts and the
 * catalogue command do it as they start.
 */
export function serveMediaFrom(mediaUrl: string | undefined): void {
  base = mediaUrl ? `${mediaUrl}/` : MEDIA_URL_PREFIX;
}

/** A public file's address: `/media/<key>` on the store, or `<MEDIA_URL>/<key>`. */
export function mediaAddress(key: string): string {
  return base + key;
}

/** A public file's absolute address (an export, a feed): on `origin` when the store serves it. */
export function absoluteMediaAddress(key: string, origin: string): string {
  return base.startsWith("/") ? origin + base + key : base + key;
}

/**
 * The key of a public file the store addresses, whichever address it was given by (its own
 * `origin` with `/media/`, or `MEDIA_URL`); null for another site's address.
 */
export function mediaKeyOf(url: string, origin: string): string | null {
  for (const prefix of new Set([`${origin}${MEDIA_URL_PREFIX}`, absoluteMediaAddress("", origin)]))
    if (url.startsWith(prefix) && url.length > prefix.length) return url.slice(prefix.length);
  return null;
}

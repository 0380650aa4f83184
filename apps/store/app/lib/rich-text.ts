import { type ContentLink, contentLink } from "./content-links.ts";

/**
 * Rich text in content blocks and product descriptions (decision 0027): paragraphs separated by a
 * blank line, links `[text](address)` and images `![alt](address)`, where an address is an http(s)
 * URL, a path on the store (`/…`), or `media:{id}` for a picture of the media library. Nothing else
 * is markup: no HTML ever passes, so nothing needs sanitising. Parsed on the server; the page gets
 * the parsed form and React renders it.
 */
export type RichInline =
  | { t: "text"; text: string }
  | { t: "link"; href: string; text: string; link: ContentLink }
  | { t: "image"; src: string; alt: string };
export type RichText = RichInline[][];

const INLINE = /!\[([^\]]*)\]\(([^()\s]+)\)|\[([^\]]+)\]\(([^()\s]+)\)/g;

/** A store path or an http(s) address, or undefined for anything else (`javascript:`, `//host`, …). */
function safeAddress(address: string): string | undefined {
  if (address.startsWith("/"))
    return address.startsWith("//") || address.startsWith("/\\") ? undefined : address;
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A link as rich text makes it, or null for an address rich text never links to. */
export function richTextLink(text: string, address: string): Extract<RichInline, { t: "link" }> | null {
  const href = safeAddress(address);
  return href ? { t: "link", href, text, link: contentLink(href) } : null;
}

export function parseRichText(
  source: string,
  resolveMedia: (id: number) => string | undefined = () => undefined,
): RichText {
  const resolve = (address: string) => {
    const media = /^media:(\d{1,9})$/.exec(address);
    return media ? resolveMedia(Number(media[1])) : safeAddress(address);
  };
  return source
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean)
    .map((paragraph) => {
      const inlines: RichInline[] = [];
      const text = (value: string) => {
        if (!value) return;
        const last = inlines.at(-1);
        if (last?.t === "text") last.text += value;
        else inlines.push({ t: "text", text: value });
      };
      let at = 0;
      for (const match of paragraph.matchAll(INLINE)) {
        text(paragraph.slice(at, match.index));
        at = match.index + match[0].length;
        const [whole, alt, imageAddress, label, linkAddress] = match;
        const address = resolve((imageAddress ?? linkAddress)!);
        if (!address) text(whole);
        else if (imageAddress !== undefined) inlines.push({ t: "image", src: address, alt: alt ?? "" });
        else inlines.push({ t: "link", href: address, text: label!, link: contentLink(address) });
      }
      text(paragraph.slice(at));
      return inlines;
    });
}

/** Where a page loads content from, by content security policy directive. */
export type ContentSources = {
  "frame-src": Set<string>;
  "media-src": Set<string>;
  "img-src": Set<string>;
  /** Google's tag, where the store sends analytics to GA4 (decision 0040). */
  "script-src": Set<string>;
  "connect-src": Set<string>;
};

export function emptyContentSources(): ContentSources {
  return {
    "frame-src": new Set(),
    "media-src": new Set(),
    "img-src": new Set(),
    "script-src": new Set(),
    "connect-src": new Set(),
  };
}

/**
 * The other origins a rich text loads from, added to `sources`: the video services it embeds
 * (frames), the video files it plays and the pictures it shows from other hosts. Store paths need
 * nothing: the policy allows the store's own origin.
 */
export function addContentSources(doc: RichText, sources: ContentSources): void {
  const originOf = (address: string) => (address.startsWith("/") ? null : new URL(address).origin);
  for (const paragraph of doc)
    for (const inline of paragraph) {
      if (inline.t === "image") {
        const origin = originOf(inline.src);
        if (origin) sources["img-src"].add(origin);
      } else if (inline.t === "link" && inline.link.kind === "image") {
        const origin = originOf(inline.href);
        if (origin) sources["img-src"].add(origin);
      } else if (inline.t === "link" && inline.link.kind === "embed") {
        sources["frame-src"].add(new URL(inline.link.embed).origin);
      } else if (inline.t === "link" && inline.link.kind === "video-file") {
        const origin = originOf(inline.href);
        if (origin) sources["media-src"].add(origin);
      }
    }
}

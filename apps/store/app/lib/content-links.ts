/**
 * What a link in content is (spec §5, §9 "Media and lightbox"; decision 0027): a picture that
 * opens in the lightbox, a video of one of the two video services that opens there as an embed, a
 * video file played in place, or a plain link. Pure: the same answer on the server and in the browser.
 */
export const LIGHTBOX_IMAGE_TYPES = ["jpg", "jpeg", "png", "webp", "avif"] as const;
export const VIDEO_FILE_TYPES = ["mp4", "webm"] as const;
export const EMBED_ORIGINS = {
  youtube: "https://www.youtube-nocookie.com",
  vimeo: "https://player.vimeo.com",
} as const;

export type ContentLink =
  | { kind: "image" }
  | { kind: "embed"; service: "youtube" | "vimeo"; id: string; embed: string }
  | { kind: "video-file"; type: "video/mp4" | "video/webm" }
  | { kind: "plain" };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{10,12}$/;
const VIMEO_ID = /^\d+$/;

function extensionOf(pathname: string): string {
  const last = pathname.split("/").pop() ?? "";
  const dot = last.lastIndexOf(".");
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : "";
}

/** The YouTube video id of a watch, short, embed or youtu.be address; null for any other. */
export function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [first, second] = url.pathname.split("/").slice(1);
    if (first === "watch") id = url.searchParams.get("v");
    else if (first === "embed" || first === "shorts" || first === "v") id = second ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The Vimeo video id of `vimeo.com/{id}` or `player.vimeo.com/video/{id}`; null for any other. */
export function vimeoId(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  const id =
    host === "vimeo.com"
      ? parts[0]
      : host === "player.vimeo.com" && parts[0] === "video"
        ? parts[1]
        : undefined;
  return id && VIMEO_ID.test(id) && parts.length === (host === "vimeo.com" ? 1 : 2) ? id : null;
}

/** `href` as the store's content shows it; `base` resolves paths such as `/media/…`. */
export function contentLink(href: string, base = "http://store.invalid"): ContentLink {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return { kind: "plain" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "plain" };
  const youtube = youtubeId(url);
  if (youtube)
    return {
      kind: "embed",
      service: "youtube",
      id: youtube,
      embed: `${EMBED_ORIGINS.youtube}/embed/${youtube}?autoplay=1`,
    };
  const vimeo = vimeoId(url);
  if (vimeo)
    return {
      kind: "embed",
      service: "vimeo",
      id: vimeo,
      embed: `${EMBED_ORIGINS.vimeo}/video/${vimeo}?autoplay=1`,
    };
  const extension = extensionOf(url.pathname);
  if ((LIGHTBOX_IMAGE_TYPES as readonly string[]).includes(extension)) return { kind: "image" };
  if ((VIDEO_FILE_TYPES as readonly string[]).includes(extension))
    return { kind: "video-file", type: extension === "mp4" ? "video/mp4" : "video/webm" };
  return { kind: "plain" };
}

import type { AppContext } from "../../context.server.ts";
import type { ImageView } from "../../lib/media.ts";
import { addContentSources, parseRichText, type RichText } from "../../lib/rich-text.ts";
import { loadImages } from "../media/media.server.ts";

/** The media ids a rich text names as `media:{id}` (decision 0027). */
export function mediaIdsIn(text: string): number[] {
  return [...text.matchAll(/\]\(media:(\d{1,9})\)/g)].map((match) => Number(match[1]));
}

/**
 * A rich text as a page shows it: `media:{id}` read from `images` (the caller's batch), and the
 * other origins it loads from added to the page's content security policy.
 */
export function pageRichText(
  context: Pick<AppContext, "contentSources">,
  text: string,
  images: ReadonlyMap<number, ImageView>,
): RichText {
  const doc = parseRichText(text, (id) => images.get(id)?.large);
  addContentSources(doc, context.contentSources);
  return doc;
}

/** One rich text with its own pictures: no query unless it names some. */
export async function loadPageRichText(
  context: Pick<AppContext, "contentSources" | "db" | "locale" | "siteCache">,
  text: string,
): Promise<RichText> {
  const ids = mediaIdsIn(text);
  const images =
    ids.length > 0
      ? await loadImages(context.db, ids, context.locale, context.siteCache)
      : new Map<number, ImageView>();
  return pageRichText(context, text, images);
}

import type { ImageSource } from "./media.ts";

/**
 * The photo feed block (spec §3, §5, §7 call 7; decision 0029). The block holds an opaque data
 * string; the browser sends it to `GET /ajax?action=vitrine_load_photofeed&data=…` and gets
 * `{success, data}`: the feed's HTML, or an error message.
 */
export const PHOTO_FEED_ACTION = "vitrine_load_photofeed";

/** The spec's answer to block data that is not a string (or not a block's data at all). */
export const INVALID_DATA = "Invalid data";

/** Photos a block may ask for. */
export const PHOTO_FEED_MAX = 24;

/** One photo as the block shows it, whichever provider it came from. */
export type FeedPhoto = {
  id: string;
  /** Fallback address (JPEG); `sources` adds other formats and sizes when the provider has them. */
  src: string;
  sources: ImageSource[];
  width: number | null;
  height: number | null;
  alt: string;
  /** Where the photo leads: the picture itself (opens in the lightbox) or the post on the service. */
  link: string;
  /** True when `link` is the picture itself, so the block's lightbox shows it. */
  linkIsImage: boolean;
};

/** The answer of the feed call (CONTRACTS.md "photo feed"). */
export type PhotoFeedAnswer = { success: boolean; data: string };

/** The id of the JSON the feed's HTML carries; the block renders from it, never from the HTML. */
export const PHOTO_FEED_DATA_CLASS = "photofeed-data";

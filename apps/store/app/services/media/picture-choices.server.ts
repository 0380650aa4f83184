import type { MediaItem } from "../../lib/media-resource.ts";

/**
 * The media library's pictures as a back-office picker shows them (the product form's, the page
 * builder's, the category tree's): each one's alt text in `locale` (English, then the file name,
 * when it has none) and its JPEG thumbnail (the source until the sizes exist).
 */
export function pictureChoices(
  items: readonly MediaItem[],
  locale: string,
): Array<{ id: number; name: string; thumbnail: string }> {
  return items.map((item) => ({
    id: item.id,
    name: item.alt_text[locale] || item.alt_text.en || item.filename,
    thumbnail: item.sizes.find((size) => size.format === "jpeg")?.url ?? item.source_url,
  }));
}

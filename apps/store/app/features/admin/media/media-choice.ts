import type { MediaItem } from "../../../lib/media-resource.ts";

/** A picture as the back office's forms show a chosen one: its name (alt text or file) and thumbnail. */
export type PickedPicture = { id: number; name: string; thumbnail: string | null };

/** The URL of a picture's smallest JPEG size (the original until its sizes exist). */
export function smallestSize(item: MediaItem): string {
  const jpegs = item.sizes.filter((size) => size.format === "jpeg");
  const smallest = jpegs.reduce<MediaItem["sizes"][number] | null>(
    (best, size) => (best === null || size.width < best.width ? size : best),
    null,
  );
  return smallest?.url ?? item.source_url;
}

/** A library picture as a chosen one, named by its alt text in `locale` (or English, or its file). */
export function pickedPicture(item: MediaItem, locale: string): PickedPicture {
  return {
    id: item.id,
    name: item.alt_text[locale] || item.alt_text.en || item.filename,
    thumbnail: smallestSize(item),
  };
}

/** `list` with the entry at `from` moved to `to` (both clamped to the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [entry] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, entry as T);
  return next;
}

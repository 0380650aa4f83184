export type ImageSource = { type: string; srcSet: string };

/**
 * Everything an `<img>`/`<picture>` needs: a fallback src, one srcset per format, and the size.
 * The store's own pictures carry their renditions as a `stem` and `widths` (a file is
 * `${stem}${width}.${ext}`, in AVIF, WebP and JPEG at every width), which `imageSources` spells out:
 * the same sources in a fifth of the bytes of a page's loader data (issue 45). A picture whose files
 * are named otherwise carries its `sources` whole.
 */
export type ImageView = {
  id: number;
  alt: string;
  width: number;
  height: number;
  src: string;
  /** The largest JPEG, for zoom and lightboxes. */
  large: string;
} & ({ stem: string; widths: number[] } | { sources: ImageSource[] });

const RENDITION_FORMATS = [
  ["image/avif", "avif"],
  ["image/webp", "webp"],
  ["image/jpeg", "jpg"],
] as const;

/** A picture's `<source>`s, best format first. */
export function imageSources(image: ImageView): ImageSource[] {
  if ("sources" in image) return image.sources;
  const { stem, widths } = image;
  return RENDITION_FORMATS.map(([type, extension]) => ({
    type,
    srcSet: widths.map((width) => `${stem}${width}.${extension} ${width}w`).join(", "),
  }));
}

/**
 * The compact form of a picture's sources when `imageSources` would spell them out exactly as they
 * are; undefined when they are named otherwise.
 */
export function renditionsOf(
  sources: ImageSource[],
  src: string,
): { stem: string; widths: number[] } | undefined {
  const jpeg = sources.find((source) => source.type === "image/jpeg");
  const first = jpeg?.srcSet.split(", ")[0]?.match(/^(.*\D)(\d+)\.jpg (\d+)w$/);
  if (!jpeg || !first || first[2] !== first[3]) return undefined;
  const widths = jpeg.srcSet.split(", ").map((entry) => Number(entry.slice(entry.lastIndexOf(" ") + 1, -1)));
  const compact = { stem: first[1]!, widths };
  const spelled = imageSources({ id: 0, alt: "", width: 0, height: 0, src, large: src, ...compact });
  const same =
    spelled.length === sources.length &&
    spelled.every((source, i) => source.type === sources[i]!.type && source.srcSet === sources[i]!.srcSet);
  return same ? compact : undefined;
}

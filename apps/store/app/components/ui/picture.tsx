import { preload } from "react-dom";
import { type ImageView, imageSources } from "../../lib/media.ts";

/** A responsive image: AVIF and WebP sources, a JPEG fallback, and its size so nothing shifts. */
export function Picture({
  image,
  sizes,
  className,
  eager = false,
  imgAttributes,
}: {
  image: ImageView;
  sizes: string;
  className?: string;
  eager?: boolean;
  /** Extra `data-*` attributes on the `<img>`, e.g. the gallery's `data-large_image`. */
  imgAttributes?: Record<`data-${string}`, string>;
}) {
  const sources = imageSources(image);
  if (eager) {
    // The page's largest picture: asked for from the head, in the first format the browser takes
    // (a browser without AVIF skips a preload of that type and finds the <picture> as before).
    const first = sources[0];
    preload(image.src, {
      as: "image",
      fetchPriority: "high",
      ...(first ? { imageSrcSet: first.srcSet, imageSizes: sizes, type: first.type } : {}),
    });
  }
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        className={className}
        {...imgAttributes}
      />
    </picture>
  );
}

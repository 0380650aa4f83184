import type { ImageView } from "../../services/media.server.ts";

/** A responsive image: AVIF and WebP sources, a JPEG fallback, and its size so nothing shifts. */
export function Picture({
  image,
  sizes,
  className,
  eager = false,
}: {
  image: ImageView;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <picture>
      {image.sources.map((source) => (
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
      />
    </picture>
  );
}

import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";

/**
 * A lightbox's picture (the product gallery's, content's): a picture that fails to load becomes
 * "The image #{n} could not be loaded." with a link to the picture itself.
 */
export function LightboxImage({
  src,
  alt,
  n,
  rect,
}: {
  src: string;
  alt: string;
  n: number;
  rect: { width: number; height: number };
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p className="lightbox-error rounded bg-white px-4 py-3 text-stone-900">
        <a href={src} target="_blank" rel="noreferrer" className="underline">
          {t("product.lightboxError", { n })}
        </a>
      </p>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      data-lightbox-image={n}
      onError={() => setFailed(true)}
      draggable={false}
      style={{ maxWidth: rect.width, maxHeight: rect.height, objectFit: "contain" }}
    />
  );
}

/**
 * What every lightbox of the store shares: the neighbours preloaded, a 300 ms fade on closing
 * (spec §9), and its controls' names in the page's language.
 */
export function useLightboxOptions(slideCount: number) {
  const { t } = useTranslation();
  return {
    carousel: { preload: 1, finite: slideCount < 3 },
    animation: { fade: 300 },
    labels: {
      Previous: t("product.lightboxPrevious"),
      Next: t("product.lightboxNext"),
      Close: t("product.lightboxClose"),
      Lightbox: t("product.lightbox"),
      Carousel: t("product.gallery"),
      Slide: t("product.slide"),
    },
  };
}

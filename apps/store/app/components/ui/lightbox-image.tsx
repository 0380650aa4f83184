import { useState } from "react";
import { useTranslation } from "react-i18next";

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

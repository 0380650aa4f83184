import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import Lightbox, { type Slide } from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";
import { LightboxImage } from "../../components/ui/lightbox-image.tsx";
import type { ImageView } from "../../lib/media.ts";

/**
 * The full-size gallery, loaded with a dynamic import the first time the zoom button is pressed.
 * It keeps the previous and next slides rendered (preload 1), so their images load in advance.
 */
export default function GalleryLightbox({
  images,
  index,
  open,
  onClose,
}: {
  images: ImageView[];
  index: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const slides = useMemo<Slide[]>(
    () => images.map((image) => ({ src: image.large, alt: image.alt })),
    [images],
  );
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      carousel={{ preload: 1, finite: images.length < 3 }}
      animation={{ fade: 300 }}
      labels={{
        Previous: t("product.lightboxPrevious"),
        Next: t("product.lightboxNext"),
        Close: t("product.lightboxClose"),
        Lightbox: t("product.lightbox"),
        Carousel: t("product.gallery"),
        Slide: t("product.slide"),
      }}
      render={{
        slide: ({ slide, rect }) => (
          <LightboxImage
            src={slide.src}
            alt={"alt" in slide ? (slide.alt ?? "") : ""}
            n={slides.indexOf(slide) + 1}
            rect={rect}
          />
        ),
      }}
    />
  );
}

import { useMemo } from "react";
import Lightbox, { type Slide } from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";
import { LightboxImage, useLightboxOptions } from "../../components/ui/lightbox-image.tsx";
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
  const options = useLightboxOptions(images.length);
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
      {...options}
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

import { useMemo } from "react";
import Lightbox, { type Slide } from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";
import { LightboxImage, useLightboxOptions } from "../../components/ui/lightbox-image.tsx";

export type ContentSlide =
  | { type: "image"; src: string; alt: string }
  | { type: "embed"; embed: string; title: string; href: string };

/**
 * The content lightbox (decision 0027): pictures, preloading their neighbours, and videos of the
 * two video services as embeds, which load only while their slide is the one shown. Closes with a
 * 300 ms fade, then leaves the page.
 */
export default function ContentLightbox({
  slides,
  index,
  open,
  onClose,
}: {
  slides: ContentSlide[];
  index: number;
  open: boolean;
  onClose: () => void;
}) {
  const options = useLightboxOptions(slides.length);
  // The library's slides are pictures; an embed rides along as a picture the renderer replaces.
  const items = useMemo<Slide[]>(
    () =>
      slides.map((slide) =>
        slide.type === "image" ? { src: slide.src, alt: slide.alt } : { src: slide.embed },
      ),
    [slides],
  );
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={items}
      {...options}
      render={{
        slide: ({ slide, offset, rect }) => {
          const n = items.indexOf(slide);
          const content = slides[n];
          if (!content) return null;
          if (content.type === "image")
            return <LightboxImage src={content.src} alt={content.alt} n={n + 1} rect={rect} />;
          // The embed loads only while it is the slide shown, so a neighbour never starts playing.
          if (offset !== 0) return null;
          return (
            <iframe
              src={content.embed}
              title={content.title}
              className="content-embed aspect-video bg-black"
              style={{ width: Math.min(rect.width, (rect.height * 16) / 9) }}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen
            />
          );
        },
      }}
    />
  );
}

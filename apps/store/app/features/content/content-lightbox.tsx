import { useEffect, useMemo, useRef, useState } from "react";
import Lightbox, { type Slide } from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";
import { LightboxImage, useLightboxOptions } from "../../components/ui/lightbox-image.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";

export type ContentSlide =
  | { type: "image"; src: string; alt: string }
  | { type: "embed"; embed: string; title: string; href: string };

/**
 * The content lightbox (decision 0027): pictures, preloading their neighbours, and videos of the
 * two video services. A video is a placeholder of our own until the shopper asks for it: the one
 * whose link was clicked plays at once, one reached with the arrows waits for its play button, and
 * nothing is asked of the video's host before that (a neighbour's slide is never drawn as a
 * picture of the player's address). Closes with a 300 ms fade, then leaves the page.
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
  const { t } = useTranslation();
  const options = useLightboxOptions(slides.length);
  const [shown, setShown] = useState(index);
  // The video the shopper chose to play: the clicked one, or one whose play button was pressed.
  const [playing, setPlaying] = useState<number | null>(slides[index]?.type === "embed" ? index : null);
  // Opened again on another link: the lightbox starts over from that one.
  useEffect(() => {
    if (!open) return;
    setShown(index);
    setPlaying(slides[index]?.type === "embed" ? index : null);
  }, [open, index, slides]);

  // The library's slides are pictures; a video rides along as a slide without a picture (no `src`
  // the library could draw by itself), which the renderer below always draws.
  const items = useMemo<Slide[]>(
    () =>
      slides.map((slide, n) =>
        slide.type === "image" ? { src: slide.src, alt: slide.alt } : { type: "video-embed", key: n },
      ) as Slide[],
    [slides],
  );
  const current = slides[shown];
  const hasVideo = slides.some((slide) => slide.type === "embed");
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={items}
      {...options}
      labels={{
        ...options.labels,
        Lightbox:
          current?.type === "embed"
            ? t("content.videoLightbox", { title: current.title })
            : t("product.lightbox"),
        Carousel: t("content.gallery"),
        "Photo gallery": t("content.galleryLabel"),
        // A neighbour may be a video: "Next image" would say otherwise.
        ...(hasVideo ? { Previous: t("content.previous"), Next: t("content.next") } : {}),
      }}
      on={{
        view: ({ index: viewed }) => {
          setShown(viewed);
          // Leaving a video stops it: coming back shows its play button again.
          setPlaying((was) => (was === viewed ? was : null));
        },
      }}
      render={{
        slide: ({ slide, offset, rect }) => {
          const n = items.indexOf(slide);
          const content = slides[n];
          if (!content) return null;
          if (content.type === "image")
            return <LightboxImage src={content.src} alt={content.alt} n={n + 1} rect={rect} />;
          const width = Math.min(rect.width, (rect.height * 16) / 9);
          if (offset === 0 && playing === n)
            return <VideoFrame embed={content.embed} title={content.title} width={width} />;
          return (
            <div
              className="content-video-placeholder flex aspect-video flex-col items-center justify-center gap-4 bg-stone-900 p-6 text-center text-white"
              style={{ width }}
            >
              <p className="text-lg">{content.title}</p>
              <button
                type="button"
                className="content-video-play rounded-full bg-white px-5 py-3 font-semibold text-stone-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                onClick={() => setPlaying(n)}
              >
                <span aria-hidden="true">▶ </span>
                {t("content.playVideo", { title: content.title })}
              </button>
            </div>
          );
        },
      }}
    />
  );
}

/** The player itself: it exists only while its slide is shown and the shopper asked it to play. */
function VideoFrame({ embed, title, width }: { embed: string; title: string; width: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The play button it replaces had the focus: the player takes it over, so keys go on working.
  useEffect(() => {
    if (frame.current && frame.current.ownerDocument.activeElement === frame.current.ownerDocument.body)
      frame.current.focus();
  }, []);
  return (
    <iframe
      ref={frame}
      src={embed}
      title={title}
      className="content-embed aspect-video bg-black"
      style={{ width }}
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
    />
  );
}

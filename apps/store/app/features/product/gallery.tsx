import { useEffect, useRef, useState } from "react";
import { lazyPart, PartSlot } from "../../components/ui/lazy-part.tsx";
import { Picture } from "../../components/ui/picture.tsx";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ImageView } from "../../lib/media.ts";
import { ZoomArea } from "./gallery-zoom.tsx";
import { useLazyCarousel } from "./use-lazy-carousel.ts";

/** Never in the first bundle: fetched when a shopper first opens the lightbox. */
const GalleryLightbox = lazyPart("gallery-lightbox", () => import("./gallery-lightbox.tsx"));

/** Spec §9 "Slider drag threshold". */
const DRAG_THRESHOLD = 15;
const CAROUSEL_OPTIONS = { dragThreshold: DRAG_THRESHOLD };

/**
 * The product images as an Embla slider with thumbnails. The server renders every slide (the
 * first one eager, with its size), so without JavaScript the row scrolls sideways and the
 * thumbnails are anchors to the slides. Until Embla's code has arrived the row keeps scrolling
 * natively, and Embla starts on the slide the shopper reached. A changed first image (a chosen
 * variation) reselects it.
 */
export function Gallery({
  images,
  zoom,
  idPrefix = "gallery",
  sizes = "(min-width: 768px) 50vw, 100vw",
}: {
  images: ImageView[];
  zoom: boolean;
  idPrefix?: string;
  sizes?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  const [viewportRef, embla] = useLazyCarousel(CAROUSEL_OPTIONS);
  const [selected, setSelected] = useState(0);
  const [lightbox, setLightbox] = useState<{ open: boolean; index: number } | null>(null);
  const count = images.length;

  // A thumbnail followed while the slider was arriving (created, not yet rendered with) is where
  // it starts: the native scroll that click made is no longer Embla's.
  const chosenBeforeSlider = useRef<number | null>(null);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    if (chosenBeforeSlider.current !== null) embla.scrollTo(chosenBeforeSlider.current, true);
    chosenBeforeSlider.current = null;
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  // Only a changed first image goes back to it; the slider's arrival keeps the shopper's slide.
  const firstImage = images[0]?.src;
  const shownFirst = useRef(firstImage);
  useEffect(() => {
    if (shownFirst.current === firstImage) return;
    setSelected(0);
    if (!embla) return;
    shownFirst.current = firstImage;
    embla.scrollTo(0, true);
  }, [firstImage, embla]);

  if (count === 0) return null;
  const current = images[Math.min(selected, count - 1)]!;
  const openLightbox = (index: number) => setLightbox({ open: true, index });
  const showSlide = (index: number) => {
    setSelected(index);
    if (embla) {
      embla.scrollTo(index);
      return;
    }
    // Until the slider's code arrives the row scrolls natively; the slider starts there.
    chosenBeforeSlider.current = index;
    document
      .getElementById(`${idPrefix}-slide-${index + 1}`)
      ?.scrollIntoView({ block: "nearest", inline: "start" });
  };

  return (
    <div className="product-gallery space-y-2">
      <ZoomArea enabled={zoom && hydrated} src={current.large}>
        <section
          ref={viewportRef}
          className={embla ? "overflow-hidden rounded" : "snap-x snap-mandatory overflow-x-auto rounded"}
          aria-roledescription={t("product.carousel")}
          aria-label={t("product.gallery")}
        >
          <div className="flex touch-pan-y">
            {images.map((image, index) => (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a group.
              <div
                key={`${index}-${image.id}`}
                id={`${idPrefix}-slide-${index + 1}`}
                role="group"
                aria-roledescription={t("product.slide")}
                aria-label={t("product.imageN", { n: index + 1, count })}
                className="woocommerce-product-gallery__image min-w-0 flex-[0_0_100%] snap-start"
                data-thumb={image.src}
              >
                <a
                  href={image.large}
                  tabIndex={hydrated && index !== selected ? -1 : undefined}
                  onClick={(event) => {
                    if (!hydrated) return;
                    event.preventDefault();
                    openLightbox(index);
                  }}
                >
                  <Picture
                    image={image}
                    sizes={sizes}
                    eager={index === 0}
                    className="w-full rounded bg-stone-100"
                    imgAttributes={{ "data-src": image.large, "data-large_image": image.large }}
                  />
                </a>
              </div>
            ))}
          </div>
        </section>
        {hydrated && (
          <button
            type="button"
            className="zoom-button absolute right-2 bottom-2 z-20 rounded-full bg-white/90 p-2 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand"
            aria-label={t("product.openLightbox")}
            onClick={() => openLightbox(selected)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-4-4M11 8v6M8 11h6" />
            </svg>
          </button>
        )}
      </ZoomArea>
      <GalleryThumbnails images={images} selected={selected} idPrefix={idPrefix} onChoose={showSlide} />
      {lightbox && (
        <PartSlot>
          <GalleryLightbox
            images={images}
            index={lightbox.index}
            open={lightbox.open}
            onClose={() => setLightbox({ ...lightbox, open: false })}
          />
        </PartSlot>
      )}
    </div>
  );
}

/**
 * The thumbnails: anchors to their slides, so that without JavaScript they scroll the row there;
 * once hydrated, `onChoose` moves the slider instead.
 */
function GalleryThumbnails({
  images,
  selected,
  idPrefix,
  onChoose,
}: {
  images: ImageView[];
  selected: number;
  idPrefix: string;
  onChoose: (index: number) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  const count = images.length;
  return (
    <ol className="product-thumbnails flex flex-wrap gap-2" aria-label={t("product.thumbnails")}>
      {images.map((image, index) => (
        <li key={`${index}-${image.id}`}>
          <a
            href={`#${idPrefix}-slide-${index + 1}`}
            aria-label={t("product.imageN", { n: index + 1, count })}
            aria-current={index === selected ? "true" : undefined}
            className="block w-16 overflow-hidden rounded border-2 border-transparent aria-[current=true]:border-brand"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              onChoose(index);
            }}
          >
            <Picture image={{ ...image, alt: "" }} sizes="64px" className="w-full" />
          </a>
        </li>
      ))}
    </ol>
  );
}

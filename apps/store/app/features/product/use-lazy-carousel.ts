import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { startTransition, useCallback, useEffect, useState } from "react";

/**
 * An Embla carousel on the element given to the returned ref, with Embla's code loaded once the page
 * is interactive rather than with the page: the slides are server-rendered and scroll natively
 * until then. `options` is read once, when the element appears. A shopper who scrolled the row or
 * followed a thumbnail's anchor before Embla arrived keeps that slide: Embla starts on it.
 */
export function useLazyCarousel(
  options: EmblaOptionsType,
): [(element: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!element) return;
    let cancelled = false;
    let created: EmblaCarouselType | undefined;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      // Embla moves the slides with a transform, so the native scroll it takes over becomes its start.
      const width = element.clientWidth;
      const startIndex = width > 0 ? Math.round(element.scrollLeft / width) : 0;
      element.scrollLeft = 0;
      created = EmblaCarousel(element, { ...options, startIndex });
      setApi(created);
    });
    return () => {
      cancelled = true;
      created?.destroy();
      setApi(undefined);
    };
  }, [element]);
  // The element arrives while React commits (a ref); stored as a transition, the hydration that
  // mounts the carousel is not followed by a blocking render of the gallery (decision 0087).
  const attach = useCallback((next: HTMLElement | null) => startTransition(() => setElement(next)), []);
  return [attach, api];
}

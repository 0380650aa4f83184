import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useState } from "react";

/**
 * An Embla carousel on the element given to the returned ref, with Embla's code loaded once the page
 * is interactive rather than with the page: the slides are server-rendered and scroll natively
 * until then. `options` is read once, when the element appears.
 */
export function useLazyCarousel(
  options: EmblaOptionsType,
): [(element: HTMLElement | null) => void, EmblaCarouselType | undefined] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are read once per element, as documented.
  useEffect(() => {
    if (!element) return;
    let cancelled = false;
    let created: EmblaCarouselType | undefined;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      created = EmblaCarousel(element, options);
      setApi(created);
    });
    return () => {
      cancelled = true;
      created?.destroy();
      setApi(undefined);
    };
  }, [element]);
  return [setElement, api];
}

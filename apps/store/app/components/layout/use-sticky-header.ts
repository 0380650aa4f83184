import { type RefObject, useEffect } from "react";

/** Spec §4 "Sticky header": stuck once the page has scrolled past the header's height plus 100 px. */
export const STICKY_EXTRA_PX = 100;

/** Stuck or not, and hidden or not, for a scroll position (pure, so it is tested on its own). */
export function stickyHeaderState(options: {
  scrollY: number;
  previousY: number;
  headerHeight: number;
  hideOnScrollDown: boolean;
}): { stuck: boolean; hidden: boolean } {
  const stuck = options.scrollY > options.headerHeight + STICKY_EXTRA_PX;
  return { stuck, hidden: stuck && options.hideOnScrollDown && options.scrollY > options.previousY };
}

/**
 * Sticks the header to the top of the viewport past its height plus 100 px and releases it near the
 * top. CSS `position: sticky` does the sticking, so the header keeps its place in the layout and
 * nothing below it moves. `--sticky-header-height` feeds `scroll-padding-top`, so anchors and the
 * reviews scroll land below the stuck header.
 */
export function useStickyHeader(header: RefObject<HTMLElement | null>, hideOnScrollDown: boolean): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    let height = element.offsetHeight;
    let previousY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const state = stickyHeaderState({
        scrollY: window.scrollY,
        previousY,
        headerHeight: height,
        hideOnScrollDown,
      });
      previousY = window.scrollY;
      element.classList.toggle("stuck", state.stuck);
      element.classList.toggle("header-hidden", state.hidden);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const resized = new ResizeObserver(() => {
      height = element.offsetHeight;
      root.style.setProperty("--sticky-header-height", `${height}px`);
    });
    resized.observe(element);
    window.addEventListener("scroll", onScroll, { passive: true });
    update();
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      window.removeEventListener("scroll", onScroll);
      root.style.removeProperty("--sticky-header-height");
      element.classList.remove("stuck", "header-hidden");
    };
  }, [header, hideOnScrollDown]);
}

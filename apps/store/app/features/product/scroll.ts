/** Spec §9 "Reviews scroll": the delay, and the gap kept above the target beyond scroll-padding-top. */
export const REVIEWS_SCROLL_DELAY_MS = 500;
const EXTRA_OFFSET_PX = 15;

/** Scrolls so the element sits below any sticky header (scroll-padding-top) plus 15 px. */
export function scrollToWithOffset(element: Element) {
  const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const top = element.getBoundingClientRect().top + window.scrollY - (padding + EXTRA_OFFSET_PX);
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: Math.max(0, top), behavior: reduce ? "auto" : "smooth" });
}

/** Asks the product tabs to follow the current address, after a hash was pushed by script. */
export function announceHashChange() {
  window.dispatchEvent(new HashChangeEvent("hashchange", { newURL: window.location.href }));
}

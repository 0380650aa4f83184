import { animateWindowScroll, offsetTopOf } from "../../components/ui/scroll.ts";

/** Spec §9 "Reviews scroll": the delay, and the gap kept above the target beyond scroll-padding-top. */
export const REVIEWS_SCROLL_DELAY_MS = 500;
const EXTRA_OFFSET_PX = 15;

/** Scrolls so the element sits below any sticky header (scroll-padding-top) plus 15 px. */
export function scrollToWithOffset(element: Element) {
  animateWindowScroll(offsetTopOf(element, EXTRA_OFFSET_PX));
}

/** Asks the product tabs to follow the current address, after a hash was pushed by script. */
export function announceHashChange() {
  window.dispatchEvent(new HashChangeEvent("hashchange", { newURL: window.location.href }));
}

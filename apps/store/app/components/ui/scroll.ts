/** Spec §9 "Scroll animation": 1000 ms, or none when the shopper asks for reduced motion. */
export const SCROLL_ANIMATION_MS = 1000;

let running: number | undefined;

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolls the window to `top` over the spec's 1000 ms with an ease-in-out curve (instantly with
 * reduced motion). A new call cancels one still running. Page scrolling is otherwise instant: the
 * site sets no CSS `scroll-behavior`, so route changes land at once (decision 0008).
 */
export function animateWindowScroll(top: number): void {
  if (running !== undefined) cancelAnimationFrame(running);
  running = undefined;
  const target = Math.max(0, Math.min(top, document.documentElement.scrollHeight - window.innerHeight));
  const start = window.scrollY;
  if (prefersReducedMotion() || Math.abs(target - start) < 1) {
    window.scrollTo(0, target);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / SCROLL_ANIMATION_MS);
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
    window.scrollTo(0, start + (target - start) * eased);
    running = progress < 1 ? requestAnimationFrame(step) : undefined;
  };
  running = requestAnimationFrame(step);
}

/** The page offset of an element's top, less the document's `scroll-padding-top` and `extra`. */
export function offsetTopOf(element: Element, extra = 0): number {
  const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return element.getBoundingClientRect().top + window.scrollY - padding - extra;
}

/**
 * Same-page anchor links (`#name`, spec §2 "In-page navigation") scroll to their target with the
 * spec's animation, and the target takes focus so keyboard and screen-reader users land there too.
 * Links whose own handler already acted (tabs, the reviews link) are left alone, and so is a target
 * inside a closed tab panel: the product tabs open it on `hashchange`.
 */
export function followAnchorClicks(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href^="#"]');
    const id = link?.getAttribute("href")?.slice(1);
    if (!link || !id || link.getAttribute("role") === "tab") return;
    const target = document.getElementById(decodeURIComponent(id));
    if (!target || target.closest("[hidden]")) return;
    event.preventDefault();
    if (window.location.hash !== `#${id}`) {
      const oldURL = window.location.href;
      window.history.pushState(window.history.state, "", `#${id}`);
      // What follows the hash (the product tabs, the off-canvas sidebars) hears it as the browser would say it.
      window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL, newURL: window.location.href }));
    }
    animateWindowScroll(offsetTopOf(target));
    if (!target.matches("a[href], button, input, select, textarea, [tabindex]"))
      target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  };
  document.addEventListener("click", onClick);
  // Says, for scripts and tests, that in-page links animate from now on (before this, the browser jumps).
  document.documentElement.dataset.anchorScroll = "ready";
  return () => {
    delete document.documentElement.dataset.anchorScroll;
    document.removeEventListener("click", onClick);
  };
}

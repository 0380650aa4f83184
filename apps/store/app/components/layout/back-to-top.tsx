import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { LineIcon } from "../ui/line-icon.tsx";
import { animateWindowScroll } from "../ui/scroll.ts";

/** Between the button and the window's corner, or a bar fixed along the window's foot. */
const GAP_PX = 16;

/**
 * Back to top (decision 0052): shown once the window has scrolled more than its own height, it
 * scrolls to the top (the spec's animation, instant with reduced motion) and moves focus to the
 * start of the page, so the next Tab lands on the first link. It sits above any bar fixed along the
 * window's foot (the consent banner, the product's add-to-cart bar, the cart's checkout bar), found
 * where the button would be rather than by name. Without scripts it stays hidden: it would do nothing.
 */
export function BackToTop() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [lift, setLift] = useState(0);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const past = window.scrollY > window.innerHeight;
      setShown(past);
      if (past) setLift(footBarHeight(button.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // Bars come and go without a scroll too (a banner opened from the footer, a dismissal).
    const bars = new MutationObserver(schedule);
    bars.observe(document.body, { childList: true, subtree: true, attributeFilter: ["hidden", "class"] });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    update();
    return () => {
      cancelAnimationFrame(frame);
      bars.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, []);

  return (
    <button
      ref={button}
      type="button"
      hidden={!shown}
      aria-label={t("site.backToTop")}
      title={t("site.backToTop")}
      style={{ bottom: lift + GAP_PX }}
      className="back-to-top fixed right-4 z-20 flex h-11 w-11 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-900 shadow-md hover:bg-stone-100"
      onClick={() => {
        animateWindowScroll(0);
        focusPageStart();
      }}
    >
      <LineIcon>
        <path d="M5 12l5-5 5 5" strokeLinecap="round" strokeLinejoin="round" />
      </LineIcon>
    </button>
  );
}

/**
 * How far up from the window's foot a fixed bar reaches in the button's column: the highest top of
 * the fixed elements under the button's place on the window's last row. Overlays and drawers, which
 * start at the window's top, do not count: the button is behind them anyway.
 */
function footBarHeight(self: HTMLElement | null): number {
  const root = document.documentElement;
  const x = root.clientWidth - GAP_PX - 22;
  const bottom = root.clientHeight;
  let top = bottom;
  for (const element of document.elementsFromPoint(x, bottom - 1)) {
    if (self?.contains(element) || getComputedStyle(element).position !== "fixed") continue;
    const box = element.getBoundingClientRect();
    if (box.top > 0 && box.top < top) top = box.top;
  }
  return bottom - top;
}

/**
 * Focus to the very start of the page: the body takes it (for as long as it keeps it), so a screen
 * reader starts from the top and the next Tab goes to the first link (the skip link).
 */
function focusPageStart() {
  const body = document.body;
  body.tabIndex = -1;
  body.focus({ preventScroll: true });
  body.addEventListener("blur", () => body.removeAttribute("tabindex"), { once: true });
}

import { type RefObject, useEffect, useLayoutEffect } from "react";

/** The wrapper of one field whose label floats (spec §2 "Checkout": floating labels). */
export const FLOATING_FIELD = "fl-wrap";
/** Set on the wrapper while its field holds a value: the label sits small above the value. */
export const FLOATING_ACTIVE = "fl-is-active";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Sets each floating field's active state from its control's value. Focus is CSS's business
 * (`:focus-within`); a value is not, because the browser gives CSS no selector for "has a value" on
 * a select, nor for one the browser's autofill put there before any event.
 */
export function refreshFloatingLabels(root: ParentNode): void {
  for (const wrap of root.querySelectorAll<HTMLElement>(`.${FLOATING_FIELD}`)) {
    const control = wrap.querySelector<Control>("input:not([type=hidden]), select, textarea");
    wrap.classList.toggle(FLOATING_ACTIVE, Boolean(control && control.value !== ""));
  }
}

/**
 * Floating labels for a form: on once the page is interactive (without JavaScript the labels stay
 * above their fields), kept in step as the shopper types or picks, and rebuilt whenever `rebuildOn`
 * changes: a new country swaps the state field for another one, or removes it.
 */
export function useFloatingLabels(root: RefObject<HTMLElement | null>, rebuildOn: readonly unknown[]): void {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    element.classList.add("floating-labels");
    const refresh = () => refreshFloatingLabels(element);
    element.addEventListener("input", refresh);
    element.addEventListener("change", refresh);
    return () => {
      element.removeEventListener("input", refresh);
      element.removeEventListener("change", refresh);
      element.classList.remove("floating-labels");
    };
  }, [root]);

  useLayoutEffect(() => {
    if (root.current) refreshFloatingLabels(root.current);
  }, [root, ...rebuildOn]); // the rebuild follows the caller's list
}

import { useCallback, useEffect, useRef, useState } from "react";
import { CART_EVENTS } from "./cart-client.ts";
import type { CartClientConfig } from "./cart-config.ts";
import { cartPanelKind, MINI_CART_SHOWN_MS, revealPlan } from "./cart-rules.ts";

const OTHER_POPUP = '[role="dialog"], [role="alertdialog"], dialog[open]';

/**
 * Whether the header's mini-cart dropdown (or, on small screens, the cart drawer) is open: its
 * button toggles it, an add to cart reveals it for a while, Escape and a click in the shop area
 * close it, and it closes when the cart empties. The refs go on the widget, the button and the panel.
 */
export function useCartDropdown(config: CartClientConfig, itemsInCart: number) {
  const [open, setOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const widget = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const revealTimers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const focusOnOpen = useRef(false);

  const close = useCallback((returnFocus: boolean) => {
    revealTimers.current.forEach(clearTimeout);
    revealTimers.current = [];
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  }, []);

  // Spec §2 "Mini-cart reveal after add to cart".
  useEffect(() => {
    const onAdded = () => {
      const plan = revealPlan({
        revealAfterAdd: config.cart_reveal_after_add,
        offCanvasCart: config.off_canvas_cart,
        viewportWidth: window.innerWidth,
        otherPopupOpen: document.querySelector(OTHER_POPUP) !== null,
      });
      if (plan.kind === "none") return;
      revealTimers.current.forEach(clearTimeout);
      revealTimers.current = [];
      const reveal = () => {
        if (plan.kind === "drawer") {
          setDrawerOpen(true);
          return;
        }
        focusOnOpen.current = false;
        setOpen(true);
        revealTimers.current.push(
          setTimeout(() => {
            // A shopper who has moved into the mini-cart keeps it open.
            if (!widget.current?.contains(document.activeElement)) setOpen(false);
          }, MINI_CART_SHOWN_MS),
        );
      };
      if (plan.delayMs === 0) reveal();
      else revealTimers.current.push(setTimeout(reveal, plan.delayMs));
    };
    document.addEventListener(CART_EVENTS.added, onAdded);
    return () => {
      document.removeEventListener(CART_EVENTS.added, onAdded);
      revealTimers.current.forEach(clearTimeout);
    };
  }, [config.cart_reveal_after_add, config.off_canvas_cart]);

  // Escape closes the dropdown and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      close(true);
    };
    const element = widget.current;
    element?.addEventListener("keydown", onKeyDown);
    return () => element?.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  // A click in the shop area closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const main = document.getElementById("main");
    const onClick = () => close(false);
    main?.addEventListener("click", onClick);
    return () => main?.removeEventListener("click", onClick);
  }, [open, close]);

  useEffect(() => {
    if (open && focusOnOpen.current) {
      const first = panel.current?.querySelector<HTMLElement>("a[href], input, button");
      (first ?? panel.current)?.focus();
    }
  }, [open]);

  // The cart emptied (here or elsewhere): the widget hides, and so does its dropdown.
  useEffect(() => {
    if (itemsInCart === 0) setOpen(false);
  }, [itemsInCart]);

  /** The dropdown's button: the drawer on small screens (when the store uses it), else the dropdown. */
  const onToggle = () => {
    if (cartPanelKind(config.off_canvas_cart, window.innerWidth) === "drawer") {
      setDrawerOpen(true);
      return;
    }
    focusOnOpen.current = true;
    if (open) close(false);
    else setOpen(true);
  };

  return { open, drawerOpen, setDrawerOpen, onToggle, widget, toggle, panel };
}

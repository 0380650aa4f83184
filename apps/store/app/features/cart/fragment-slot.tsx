import { type ReactNode, type Ref, useSyncExternalStore } from "react";
import { cartStore } from "./cart-store.ts";

/**
 * A place on the page that a cart fragment replaces (spec §4): it shows the page's own component
 * until the cart store holds a fragment for its selector, then that fragment's HTML. The wrapper has
 * `display: contents`, so it adds nothing to the layout; React owns the wrapper, the fragment owns
 * what is inside it.
 */
export function FragmentSlot({
  selector,
  fallback,
  keepWhileStale = false,
  slotRef,
  as: Element = "div",
}: {
  selector: string;
  fallback: ReactNode;
  /** Keep showing stale fragment HTML (marked busy) instead of the fallback while a refresh runs. */
  keepWhileStale?: boolean;
  slotRef?: Ref<HTMLDivElement>;
  /** A span where the slot sits inside phrasing content (a link's text). */
  as?: "div" | "span";
}) {
  const state = useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.getServer);
  const html = state.stale && !keepWhileStale ? undefined : state.fragments?.[selector];
  if (html === undefined) {
    return (
      <Element key="fallback" ref={slotRef} style={{ display: "contents" }} data-fragment-slot={selector}>
        {fallback}
      </Element>
    );
  }
  return (
    <Element
      key="fragment"
      ref={slotRef}
      style={{ display: "contents" }}
      data-fragment-slot={selector}
      aria-busy={state.stale || undefined}
      // The fragment is HTML the store's own server rendered from the mini-cart component.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

import { useEffect, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true after: controls that need JavaScript
 * (stepper buttons, tab lists, drawers) appear only once they work, and the server HTML stays the
 * plain, no-JavaScript page. The switch redraws, in one task right after hydration, every component
 * that reads it and all it draws: read it in the smallest component that changes with it. It is for
 * fields that take input, which must not change under a shopper's typing; controls that only show
 * read `useHydratedControls`, switched in a transition after this one (decision 0095).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

let pageHydrated = false;

/** The root marks the page hydrated in its first effect, once hydration has committed. */
export function useMarkHydrated(): void {
  useEffect(() => {
    pageHydrated = true;
  }, []);
}

/**
 * Whether the page had hydrated before this render: false in the server render and in hydration's,
 * true in a component mounted later (a client-side navigation). Unlike `useHydrated` it redraws
 * nothing when hydration ends: for a value only a first render reads (a state's initial value).
 */
export function mountedAfterHydration(): boolean {
  return pageHydrated;
}

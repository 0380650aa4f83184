import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true after: controls that need JavaScript
 * (stepper buttons, tab lists, drawers) appear only once they work, and the server HTML stays the
 * plain, no-JavaScript page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

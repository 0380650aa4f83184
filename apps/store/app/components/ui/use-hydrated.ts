import { startTransition, useEffect, useState } from "react";

/** Whether the page has been hydrated: what a component mounted since starts from. */
let pageHydrated = false;

/**
 * False in the server render and during hydration, true after: controls that need JavaScript
 * (stepper buttons, tab lists, drawers) appear only once they work, and the server HTML stays the
 * plain, no-JavaScript page.
 *
 * The switch after hydration is a transition (decision 0087): React renders it in slices between
 * which the browser answers input, where a store read through `useSyncExternalStore` would redo
 * every such component, and all below it, in one blocking task right after hydration. A component
 * mounted after the page hydrated (a client navigation, an opened dialog) starts from true. None is
 * inside a Suspense boundary that the server renders and the browser hydrates later: there the first
 * render would differ from the server's HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (hydrated) return;
    pageHydrated = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

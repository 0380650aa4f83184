import { startTransition, useEffect, useState } from "react";

/**
 * True once hydration's effects have asked for the switch: what a component rendered after that
 * starts with, in the switch's own render (a drawer's filters mounted by it) or later.
 */
let controlsShown = false;

/**
 * Whether the page's script-only controls are shown (decision 0095): false in the server render and
 * in hydration's, true from a transition right after hydration, and from the first render of a
 * component mounted after that (a client-side navigation). Read it in the smallest component that
 * changes with it, as `useHydrated`.
 *
 * `useHydrated`'s switch is synchronous: React redoes a `useSyncExternalStore` read whose client
 * value differs from the server's in one blocking task, together with hydration's effects. Controls
 * that only show (menus, drawers, tabs, the gallery's slider) switch here instead: every component
 * that reads this sets its own state in a transition from its first effect (all in the same task,
 * so React renders them as one transition, in slices between the browser's other work, and commits
 * them together); a component first rendered after that starts shown. Fields that take input
 * keep `useHydrated`, so nothing typed before the switch is lost (decision 0087).
 *
 * The state is each component's own rather than a context's: a context's change reaches into every
 * part of the page that has not hydrated yet (a lazily loaded part whose code is still on its way),
 * and the transition would wait for that code. A component that hydrates after the switch (inside
 * such a part) starts from true, which is not the server's markup: read this outside lazily loaded
 * parts.
 */
export function useHydratedControls(): boolean {
  const [shown, setShown] = useState(controlsShown);
  useEffect(() => {
    if (shown) return;
    controlsShown = true;
    startTransition(() => setShown(true));
  }, [shown]);
  return shown;
}

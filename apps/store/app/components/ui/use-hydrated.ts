import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

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
 * them together); a component first rendered after hydration (`mountedAfterHydration`: one the switch
 * itself mounts, such as the listing's filter drawer, or one of a client-side navigation) starts shown. Fields that take input
 * keep `useHydrated`, so nothing typed before the switch is lost (decision 0087).
 *
 * The state is each component's own rather than a context's: a context's change reaches into every
 * part of the page that has not hydrated yet (a lazily loaded part whose code is still on its way),
 * and the transition would wait for that code. A component that hydrates after the switch (inside
 * such a part) starts from true, which is not the server's markup: read this outside lazily loaded
 * parts.
 */
export function useHydratedControls(): boolean {
  const [shown, setShown] = useState(mountedAfterHydration);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown;
}

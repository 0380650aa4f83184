import { countFromFragments, type Fragments } from "./fragments-cache.ts";

/**
 * The page's copy of the cart fragments, read by React through `useSyncExternalStore`: fragments
 * replace their page parts by re-rendering the components that own them, never by writing into DOM
 * that React manages.
 */
export type CartState = {
  hash: string | null;
  fragments: Fragments | null;
  /** The fragments are known to be out of date (the cart changed); a refresh is on its way. */
  stale: boolean;
  /** `woocommerce_items_in_cart` as last read; the cart widget shows only while it is above 0. */
  itemsInCart: number;
};

const initial: CartState = { hash: null, fragments: null, stale: false, itemsInCart: 0 };
let state = initial;
const listeners = new Set<() => void>();

export const cartStore = {
  get: (): CartState => state,
  /** The server render and hydration see no fragments: the page's own components render first. */
  getServer: (): CartState => initial,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<CartState>): void {
    const next = { ...state, ...patch };
    if (
      next.hash === state.hash &&
      next.fragments === state.fragments &&
      next.stale === state.stale &&
      next.itemsInCart === state.itemsInCart
    )
      return;
    state = next;
    for (const listener of listeners) listener();
  },
  reset(): void {
    state = initial;
    for (const listener of listeners) listener();
  },
};

/** The item count to show: the fragments' when they are current, otherwise the server's. */
export function shownCount(current: CartState, serverCount: number): number {
  if (current.stale || !current.fragments) return serverCount;
  return countFromFragments(current.fragments) ?? serverCount;
}

import { type CartClientConfig, endpointUrl } from "./cart-config.ts";
import { createTaskQueue } from "./cart-queue.ts";
import { cartStore } from "./cart-store.ts";
import {
  decideOnLoad,
  FRAGMENT_LIFETIME_MS,
  type Fragments,
  parseStoredCart,
  readCookie,
} from "./fragments-cache.ts";

/**
 * The browser side of the cart calls (CONTRACTS.md): one queue for every cart request, the fragment
 * cache in session storage (spec §3, §4), and the document events other scripts listen for.
 */

export const CART_HASH_COOKIE = "woocommerce_cart_hash";
export const ITEMS_IN_CART_COOKIE = "woocommerce_items_in_cart";
export const CART_CREATED_KEY = "wc_cart_created";

export const CART_EVENTS = {
  added: "added_to_cart",
  removed: "removed_from_cart",
  refresh: "wc_fragment_refresh",
  refreshed: "wc_fragments_refreshed",
  loaded: "wc_fragments_loaded",
  ajaxError: "wc_fragments_ajax_error",
  totalsUpdated: "updated_cart_totals",
} as const;

const queue = createTaskQueue();
let config: CartClientConfig | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** Refreshes queued or running: a check of the cookies then has nothing to add. */
let refreshesPending = 0;

export type CallAnswer = { ok: boolean; status: number; body: unknown };

function trigger(name: string, detail: unknown = null): void {
  document.body.dispatchEvent(new CustomEvent(name, { bubbles: true, detail }));
}

function cookieHash(): string {
  return readCookie(document.cookie, CART_HASH_COOKIE);
}

function itemsInCart(): number {
  const count = Number(readCookie(document.cookie, ITEMS_IN_CART_COOKIE));
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** Storage can be full or switched off (private modes); the cart then simply asks the server. */
function storage(kind: "session" | "local"): Storage | null {
  try {
    return kind === "session" ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

function persist(cfg: CartClientConfig, fragments: Fragments, hash: string, created: "now" | "if-new"): void {
  const session = storage("session");
  try {
    const previous = session?.getItem(cfg.cart_hash_key);
    if (created === "now" || !previous) session?.setItem(CART_CREATED_KEY, String(Date.now()));
    session?.setItem(cfg.fragment_name, JSON.stringify(fragments));
    session?.setItem(cfg.cart_hash_key, hash);
    // Other tabs hear of the change through the `storage` event, which only local storage raises.
    storage("local")?.setItem(cfg.cart_hash_key, hash);
  } catch {
    // A full storage only costs a refresh on the next page.
  }
}

function schedule(delayMs: number): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshFragments(), Math.max(0, delayMs));
}

async function post(url: string, fields: Record<string, string>, timeoutMs?: number): Promise<CallAnswer> {
  const response = await fetch(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined,
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return { ok: response.ok, status: response.status, body };
}

function requireConfig(): CartClientConfig {
  if (!config) throw new Error("The cart client has not been started.");
  return config;
}

function fragmentsOf(body: unknown): { fragments: Fragments; hash: string } | null {
  if (!body || typeof body !== "object") return null;
  const { fragments, cart_hash } = body as { fragments?: unknown; cart_hash?: unknown };
  if (!fragments || typeof fragments !== "object" || typeof cart_hash !== "string") return null;
  return { fragments: fragments as Fragments, hash: cart_hash };
}

/** Puts an answer's fragments on the page and in storage, and tells listeners (`added_to_cart` …). */
export function applyCartAnswer(fragments: Fragments, hash: string, event: "added" | "removed" | null): void {
  const cfg = requireConfig();
  persist(cfg, fragments, hash, "if-new");
  cartStore.update({ fragments, hash, stale: false, itemsInCart: itemsInCart() });
  if (event) trigger(CART_EVENTS[event], { fragments, cart_hash: hash });
}

/** Spec §7 call 4: fetches fresh fragments; on failure raises `wc_fragments_ajax_error`. */
export function refreshFragments(): Promise<boolean> {
  const cfg = requireConfig();
  refreshesPending += 1;
  const done = queue.enqueue(async () => {
    try {
      const answer = await post(
        endpointUrl(cfg, "get_refreshed_fragments"),
        { time: String(Date.now()) },
        cfg.request_timeout,
      );
      const fresh = answer.ok ? fragmentsOf(answer.body) : null;
      if (!fresh) throw new Error(`Fragment refresh answered ${answer.status}`);
      persist(cfg, fresh.fragments, fresh.hash, "now");
      cartStore.update({
        fragments: fresh.fragments,
        hash: fresh.hash,
        stale: false,
        itemsInCart: itemsInCart(),
      });
      trigger(CART_EVENTS.refreshed);
      schedule(FRAGMENT_LIFETIME_MS);
      return true;
    } catch {
      cartStore.update({ stale: false, itemsInCart: itemsInCart() });
      trigger(CART_EVENTS.ajaxError);
      return false;
    }
  });
  return done.finally(() => {
    refreshesPending -= 1;
  });
}

/** Spec §7 call 1: form fields from the button's data attributes. */
export function requestAddToCart(fields: Record<string, string>): Promise<CallAnswer> {
  const cfg = requireConfig();
  return queue.enqueue(() => post(endpointUrl(cfg, "add_to_cart"), fields));
}

/** Spec §7 call 2. A network failure answers like a refusal, so the caller falls back to the link. */
export function requestRemoveFromCart(cartItemKey: string): Promise<CallAnswer> {
  const cfg = requireConfig();
  return queue.enqueue(() =>
    post(endpointUrl(cfg, "remove_from_cart"), { cart_item_key: cartItemKey }).catch(() => ({
      ok: false,
      status: 0,
      body: null,
    })),
  );
}

/** Spec §7 call 3. */
export function requestQuantityChange(cartItemKey: string, quantity: string): Promise<CallAnswer> {
  const cfg = requireConfig();
  return queue.enqueue(() =>
    post(cfg.ajax_url, {
      action: "vitrine_ajax_cart_item_alter_quantity",
      quantity,
      cart_item_key: cartItemKey,
    }).catch(() => ({
      ok: false,
      status: 0,
      body: null,
    })),
  );
}

/** The fragments of an answer when it carries usable ones. */
export function answerFragments(answer: CallAnswer): { fragments: Fragments; hash: string } | null {
  return answer.ok ? fragmentsOf(answer.body) : null;
}

/**
 * After a navigation or a plain form post the cookies may say the cart changed: then the fragments
 * on the page are stale, and fresh ones are fetched.
 */
export function syncWithCookies(): void {
  if (!config) return;
  const current = cartStore.get();
  cartStore.update({ itemsInCart: itemsInCart() });
  if (refreshesPending === 0 && (current.hash ?? "") !== cookieHash()) {
    cartStore.update({ stale: true });
    void refreshFragments();
  }
}

/** Starts the fragment cache for this page (spec §4 "Cart fragments cache"); returns the clean-up. */
export function startCartClient(cfg: CartClientConfig): () => void {
  config = cfg;
  const session = storage("session");
  const read = (key: string) => {
    try {
      return session?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const stored = parseStoredCart({
    hash: read(cfg.cart_hash_key),
    fragments: read(cfg.fragment_name),
    created: read(CART_CREATED_KEY),
  });
  const decision = decideOnLoad(stored, cookieHash(), Date.now());
  cartStore.update({ itemsInCart: itemsInCart() });
  if (decision.kind === "use" && stored.fragments) {
    cartStore.update({ fragments: stored.fragments, hash: stored.hash ?? "", stale: false });
    schedule(decision.refreshInMs);
    trigger(CART_EVENTS.loaded);
  } else if (decision.kind === "refresh") {
    void refreshFragments();
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key !== cfg.cart_hash_key) return;
    if (storage("local")?.getItem(cfg.cart_hash_key) !== storage("session")?.getItem(cfg.cart_hash_key))
      void refreshFragments();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    cartStore.update({ stale: true });
    void refreshFragments();
  };
  const onRefreshRequest = () => void refreshFragments();
  window.addEventListener("storage", onStorage);
  window.addEventListener("pageshow", onPageShow);
  document.addEventListener(CART_EVENTS.refresh, onRefreshRequest);
  // Says, for scripts and tests, that the cart's buttons and events are handled from now on.
  document.documentElement.dataset.cartClient = "ready";
  return () => {
    delete document.documentElement.dataset.cartClient;
    window.removeEventListener("storage", onStorage);
    window.removeEventListener("pageshow", onPageShow);
    document.removeEventListener(CART_EVENTS.refresh, onRefreshRequest);
    clearTimeout(refreshTimer);
  };
}

export function cartConfig(): CartClientConfig | null {
  return config;
}

import {
  type EncryptedSessionData,
  isEncryptedSessionData,
  isSkipCookieSet,
  isValidRedirectUrl,
  minimalSessionRedirectUrl,
  toBracketedFormData,
  WALLET_REQUESTS,
} from "@vitrine/wallet-protocol";
import { blockPage } from "../../components/ui/block-page.ts";
import { CART_EVENTS } from "../cart/cart-client.ts";
import { isCartLinePending } from "../cart/mini-cart-actions.ts";
import { ConnectFrame } from "./connect-frame.ts";
import { WALLET_ERRORS, type WalletClientConfig } from "./wallet-config.ts";

/** Spec §9 "Wallet". */
const QUANTITY_DEBOUNCE_MS = 400;
const PENDING_POLLS = 60;
const PENDING_POLL_MS = 100;

/** The checkout buttons that go to the wallet instead (spec §4 "Buttons hooked"). */
export const WALLET_BUTTONS = [
  ".wc-proceed-to-checkout .checkout-button",
  ".wc-block-cart__submit-button",
  ".wc-block-mini-cart__footer-checkout",
  ".widget_shopping_cart_content .checkout",
].join(", ");

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

async function post(url: string, fields: Array<[string, string]>): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
}

/**
 * Express wallet direct checkout, started once per page (spec §4 "Direct checkout startup"). Every
 * query to the wallet answers a safe default on failure (false, or null) instead of throwing; a
 * click that fails in any way warns in the console and follows the button's own checkout link.
 */
export class DirectCheckout {
  #frame: ConnectFrame;
  #cookiesEnabled = false;
  #loggedIn = false;
  #prefetched: EncryptedSessionData | null = null;
  #loading = false;
  #quantityTimer: number | undefined;
  #stop: Array<() => void> = [];

  constructor(
    readonly config: WalletClientConfig,
    /** The translated "Please wait..." shown over the page on the way to the wallet. */
    readonly pleaseWait = "Please wait...",
  ) {
    this.#frame = new ConnectFrame(config.walletHost, { testMode: config.testMode, blogId: config.blogId });
  }

  /** Steps 1 to 5 in the spec's order. Answers whether direct checkout is on for this page. */
  async start(): Promise<boolean> {
    if (!this.config.isWalletDirectCheckoutEnabled || isSkipCookieSet(document.cookie)) {
      // Says, for scripts and tests, that start-up is over and the checkout buttons stay the store's.
      document.documentElement.dataset.walletDirectCheckout = "off";
      return false;
    }
    this.#frame.query.tracksUserIdentity = (await this.identity()) ?? undefined;
    this.#cookiesEnabled = await this.thirdPartyCookiesEnabled();
    const timeout = await this.#safely(
      () => this.#frame.request(WALLET_REQUESTS.getPostMessageTimeout),
      null,
    );
    if (typeof timeout === "number" && timeout > 0) this.#frame.timeoutMs = timeout;
    this.#loggedIn = this.#cookiesEnabled && (await this.isUserLoggedIn());
    if (this.#loggedIn && !this.config.is_product_page) await this.prefetch();
    this.#hookCart();
    this.#hookButtons();
    // Says, for scripts and tests, that the checkout buttons now go through the wallet.
    document.documentElement.dataset.walletDirectCheckout = "ready";
    return true;
  }

  stop(): void {
    delete document.documentElement.dataset.walletDirectCheckout;
    for (const undo of this.#stop) undo();
    this.#stop = [];
    this.#frame.remove();
  }

  get prefetched(): EncryptedSessionData | null {
    return this.#prefetched;
  }

  async #safely<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch {
      return fallback;
    }
  }

  /** Call 10: the tracking identity, `_ut:_ui`; null when the store does not answer. */
  identity(): Promise<string | null> {
    return this.#safely(async () => {
      const answer = (await post(this.config.ajaxUrl, [
        ["action", "get_identity"],
        ["tracksNonce", this.config.platformTrackerNonce],
      ])) as { success?: boolean; data?: { _ui?: string; _ut?: string } };
      return answer.success && answer.data?._ut ? `${answer.data._ut}:${answer.data._ui ?? ""}` : null;
    }, null);
  }

  /** Step 2: a temporary frame sets a cookie, then says whether it came back. */
  thirdPartyCookiesEnabled(): Promise<boolean> {
    const probe = new ConnectFrame(this.config.walletHost, {
      testMode: this.config.testMode,
      blogId: this.config.blogId,
    });
    return this.#safely(async () => {
      try {
        await probe.request(WALLET_REQUESTS.setTempThirdPartyCookie);
        return (await probe.request(WALLET_REQUESTS.getIsThirdPartyCookiesEnabled)) === true;
      } finally {
        probe.remove();
      }
    }, false);
  }

  isUserLoggedIn(): Promise<boolean> {
    return this.#safely(
      async () => (await this.#frame.request(WALLET_REQUESTS.getIsUserLoggedIn)) === true,
      false,
    );
  }

  isWalletReachable(): Promise<boolean> {
    return this.#safely(
      async () => (await this.#frame.request(WALLET_REQUESTS.isWalletReachable)) === true,
      false,
    );
  }

  /** Call 11, with what the wallet's `getEncryptedData` gives, as bracketed form fields. */
  sessionData(): Promise<EncryptedSessionData | null> {
    return this.#safely(async () => {
      const walletData = await this.#safely(
        () => this.#frame.request(WALLET_REQUESTS.getEncryptedData),
        null,
      );
      const answer = await post(
        this.config.wcAjaxUrl.replace("%%endpoint%%", "vitrine_payments_get_wallet_session"),
        [
          ["_ajax_nonce", this.config.walletSessionNonce],
          ...toBracketedFormData("encrypted_data", walletData),
        ],
      );
      return isEncryptedSessionData(answer) ? answer : null;
    }, null);
  }

  /**
   * Call 12, skipped when the page was handed the minimal session. Undefined when the store did not
   * answer it (the redirect data could not be retrieved), null when its answer is not session data.
   */
  minimumSessionData(): Promise<EncryptedSessionData | null | undefined> {
    if (this.config.walletMinimumSessionData) return Promise.resolve(this.config.walletMinimumSessionData);
    return this.#safely(async () => {
      const answer = (await post(
        this.config.wcAjaxUrl.replace("%%endpoint%%", "vitrine_payments_get_wallet_minimum_session_data"),
        [["_ajax_nonce", this.config.walletSessionNonce]],
      )) as { success?: boolean };
      if (!answer.success) return undefined;
      return isEncryptedSessionData(answer) ? answer : null;
    }, undefined);
  }

  async prefetch(): Promise<void> {
    if (this.config.is_product_page) return;
    this.#prefetched = await this.sessionData();
  }

  /** Spec §4 "Direct checkout on cart changes". */
  #hookCart(): void {
    const onAdded = () => {
      if (this.#loggedIn) void this.prefetch();
      else this.#prefetched = null;
    };
    const afterPending = async (key: string, kind: "quantity" | "remove") => {
      for (let poll = 0; poll < PENDING_POLLS; poll++) {
        if (!isCartLinePending(key, kind)) {
          if (this.#loggedIn) await this.prefetch();
          return;
        }
        await sleep(PENDING_POLL_MS);
      }
      this.#prefetched = null;
    };
    const onChange = (event: Event) => {
      const input = event.target as HTMLInputElement | null;
      const key = input?.matches?.("input.qty[data-cart-item-key]") ? input.dataset.cartItemKey : undefined;
      if (!key) return;
      window.clearTimeout(this.#quantityTimer);
      this.#quantityTimer = window.setTimeout(() => void afterPending(key, "quantity"), QUANTITY_DEBOUNCE_MS);
    };
    const onRemove = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(
        "a.remove_from_cart_button[data-cart_item_key]",
      );
      const key = link?.dataset.cart_item_key;
      // The cart's own handler runs first and marks the line pending; wait for it to finish.
      if (key) window.setTimeout(() => void afterPending(key, "remove"), 0);
    };
    document.body.addEventListener(CART_EVENTS.added, onAdded);
    document.addEventListener("change", onChange);
    document.addEventListener("click", onRemove);
    this.#stop.push(() => {
      window.clearTimeout(this.#quantityTimer);
      document.body.removeEventListener(CART_EVENTS.added, onAdded);
      document.removeEventListener("change", onChange);
      document.removeEventListener("click", onRemove);
    });
  }

  /**
   * One delegated listener covers every checkout button, including those the cart totals or the
   * mini-cart drawer render later, so nothing needs re-hooking or looking for.
   */
  #hookButtons(): void {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      // With third-party cookies on but no wallet login, the shopper simply uses the store's checkout.
      if (this.#cookiesEnabled && !this.#loggedIn) return;
      const button = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(WALLET_BUTTONS);
      if (!button) return;
      event.preventDefault();
      if (this.#loading) return;
      void this.#checkout(button);
    };
    document.addEventListener("click", onClick);
    this.#stop.push(() => document.removeEventListener("click", onClick));
  }

  async #checkout(button: HTMLAnchorElement): Promise<void> {
    this.#loading = true;
    button.setAttribute("aria-busy", "true");
    button.classList.add("wallet-loading");
    // Blocked until the browser leaves for the wallet; released if that fails, before the store's checkout.
    const release = blockPage(this.pleaseWait);
    // The shopper who comes back (Back, from the wallet or the store's checkout) may get this very page
    // from the back/forward cache, still blocked: given back usable, as the product form's button is.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      window.removeEventListener("pageshow", onPageShow);
      release();
      button.removeAttribute("aria-busy");
      button.classList.remove("wallet-loading");
    };
    window.addEventListener("pageshow", onPageShow);
    this.#stop.push(() => window.removeEventListener("pageshow", onPageShow));
    try {
      window.location.assign(await this.#walletUrl());
    } catch (error) {
      release();
      console.warn((error as Error).message);
      window.location.assign(button.href);
    } finally {
      this.#loading = false;
    }
  }

  async #walletUrl(): Promise<string> {
    if (this.#cookiesEnabled && this.#loggedIn) {
      const data = this.#prefetched ?? (await this.sessionData());
      if (!data) throw new Error(WALLET_ERRORS.noSessionData);
      const reply = (await this.#frame.request(WALLET_REQUESTS.setRedirectSessionData, data)) as {
        redirect_url?: unknown;
      } | null;
      if (!reply?.redirect_url) throw new Error(WALLET_ERRORS.noCheckoutUrl);
      if (!isValidRedirectUrl(reply.redirect_url, this.config.walletHost)) {
        throw new Error(WALLET_ERRORS.invalidUrl(reply.redirect_url));
      }
      return reply.redirect_url as string;
    }
    if (!(await this.isWalletReachable())) throw new Error(WALLET_ERRORS.unavailable);
    const minimal = await this.minimumSessionData();
    if (minimal === undefined) throw new Error(WALLET_ERRORS.noRedirectData);
    if (minimal === null) throw new Error(WALLET_ERRORS.invalidData);
    return minimalSessionRedirectUrl({
      walletHost: this.config.walletHost,
      blogId: minimal.blog_id,
      ...minimal.data,
    });
  }
}

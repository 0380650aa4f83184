import {
  asWalletMessage,
  connectIframeUrl,
  DEFAULT_POST_MESSAGE_TIMEOUT_MS,
  IFRAME_READY,
  isAllowedWalletOrigin,
  WALLET_REPLIES,
  type WalletRequest,
  walletOrigin,
} from "@vitrine/wallet-protocol";
import { WALLET_ERRORS } from "./wallet-config.ts";

/** Spec §4 "Wallet connect iframe": 0 not injected, 1 injecting, 2 loaded and ready. */
export type FrameState = 0 | 1 | 2;

/**
 * One hidden connect iframe and the request/reply exchange with it. Messages are taken only from
 * the wallet's exact origin and from this frame's window; requests go to that origin only. Every
 * request waits for its reply for the time-out (5000 ms until the wallet says otherwise).
 */
export class ConnectFrame {
  state: FrameState = 0;
  timeoutMs = DEFAULT_POST_MESSAGE_TIMEOUT_MS;
  #frame: HTMLIFrameElement | null = null;
  #ready: Promise<void> | null = null;
  #waiting = new Map<string, Array<(message: { action: string; value?: unknown }) => void>>();
  #listener = (event: MessageEvent) => {
    if (!isAllowedWalletOrigin(event.origin, this.walletHost)) return;
    if (!this.#frame || event.source !== this.#frame.contentWindow) return;
    const message = asWalletMessage(event.data);
    if (!message) return;
    const waiting = this.#waiting.get(message.action);
    if (!waiting?.length) return;
    this.#waiting.delete(message.action);
    for (const resolve of waiting) resolve(message);
  };

  constructor(
    readonly walletHost: string,
    readonly query: { testMode: boolean; blogId: string; tracksUserIdentity?: string | undefined },
  ) {}

  /** Injects the frame once (a second caller reuses it when ready, or waits while it loads). */
  connect(): Promise<void> {
    if (this.#ready) return this.#ready;
    this.state = 1;
    window.addEventListener("message", this.#listener);
    const frame = document.createElement("iframe");
    frame.src = connectIframeUrl({
      walletHost: this.walletHost,
      testMode: this.query.testMode,
      sourceUrl: window.location.href,
      blogId: this.query.blogId,
      tracksUserIdentity: this.query.tracksUserIdentity,
    });
    frame.title = "wallet connect";
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.className = "wallet-connect-frame";
    frame.style.cssText = "position:absolute;width:1px;height:1px;border:0;left:-9999px;top:0;";
    this.#frame = frame;
    const ready = this.#wait(IFRAME_READY);
    document.body.append(frame);
    this.#ready = ready.then(
      () => {
        this.state = 2;
      },
      (error: unknown) => {
        this.state = 0;
        this.#ready = null;
        throw error;
      },
    );
    return this.#ready;
  }

  /** Sends a request and answers the reply's value; rejects on the error reply or the time-out. */
  async request(action: WalletRequest, value?: unknown): Promise<unknown> {
    await this.connect();
    const target = this.#frame?.contentWindow;
    const origin = walletOrigin(this.walletHost);
    if (!target || !origin) throw new Error(WALLET_ERRORS.noIframe);
    const replies = WALLET_REPLIES[action];
    const success = this.#wait(replies.success).then((message) => message.value);
    const failure = replies.error
      ? this.#wait(replies.error).then((message) => {
          throw new Error(
            typeof message.value === "object" ? JSON.stringify(message.value) : String(message.value),
          );
        })
      : null;
    // Whichever reply does not come times out later; that is not an error of this request.
    success.catch(() => {});
    failure?.catch(() => {});
    const answer = failure ? Promise.race([success, failure]) : success;
    target.postMessage(value === undefined ? { action } : { action, value }, origin);
    return answer;
  }

  remove(): void {
    window.removeEventListener("message", this.#listener);
    this.#frame?.remove();
    this.#frame = null;
    this.#ready = null;
    this.state = 0;
  }

  #wait(action: string): Promise<{ action: string; value?: unknown }> {
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        const list = this.#waiting.get(action);
        const at = list?.indexOf(done) ?? -1;
        if (list && at >= 0) list.splice(at, 1);
        reject(new Error(WALLET_ERRORS.timeout));
      }, this.timeoutMs);
      const done = (message: { action: string; value?: unknown }) => {
        window.clearTimeout(timer);
        resolve(message);
      };
      const list = this.#waiting.get(action) ?? [];
      list.push(done);
      this.#waiting.set(action, list);
    });
  }
}

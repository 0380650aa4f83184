import { IFRAME_READY, WALLET_REPLIES, WALLET_REQUESTS } from "@vitrine/wallet-protocol";

/**
 * The connect iframe's script (vanilla, in the wallet's origin). It listens to exactly one parent
 * origin, the store page that loaded it (`source_url`), and answers every request of the protocol,
 * asking its own server (same origin, with its cookies: third-party cookies from the store's point
 * of view) where the answer lives there.
 */
export function connectScript(options: { parentOrigin: string; timeoutMs: number }): string {
  const settings = JSON.stringify({
    parentOrigin: options.parentOrigin,
    timeoutMs: options.timeoutMs,
    ready: IFRAME_READY,
    requests: WALLET_REQUESTS,
    replies: WALLET_REPLIES,
  }).replace(/</g, "\\u003c");
  return `(() => {
  const s = ${settings};
  const post = (action, value) => window.parent.postMessage({ action, value }, s.parentOrigin);
  const json = (path, init) =>
    fetch(path, { credentials: "include", headers: { "Content-Type": "application/json" }, ...init }).then((r) =>
      r.ok ? r.json() : Promise.reject(new Error(String(r.status))),
    );
  const handlers = {
    [s.requests.getPostMessageTimeout]: async () => s.timeoutMs,
    [s.requests.isWalletReachable]: async () => true,
    [s.requests.getIsUserLoggedIn]: async () => (await json("/api/session")).logged_in === true,
    [s.requests.getEncryptedData]: async () => (await json("/api/session")).encrypted_data ?? null,
    [s.requests.setTempThirdPartyCookie]: async () => (await json("/api/tpc/set", { method: "POST", body: "{}" })).set === true,
    [s.requests.getIsThirdPartyCookiesEnabled]: async () => (await json("/api/tpc/check")).enabled === true,
    [s.requests.setRedirectSessionData]: async (value) =>
      json("/api/redirect-session", { method: "POST", body: JSON.stringify(value ?? null) }),
    [s.requests.setPreemptiveSessionData]: async (value) =>
      json("/api/preemptive-session", { method: "POST", body: JSON.stringify(value ?? null) }),
  };
  window.addEventListener("message", async (event) => {
    // Only the page that loaded this frame may ask, and only its window.
    if (event.origin !== s.parentOrigin || event.source !== window.parent) return;
    const data = event.data;
    if (!data || typeof data !== "object" || typeof data.action !== "string") return;
    const handler = Object.hasOwn(handlers, data.action) ? handlers[data.action] : undefined;
    const reply = s.replies[data.action];
    if (!handler || !reply) return;
    try {
      post(reply.success, await handler(data.value));
    } catch (error) {
      if (reply.error) post(reply.error, { is_error: true, message: String(error && error.message) });
    }
  });
  post(s.ready);
})();`;
}

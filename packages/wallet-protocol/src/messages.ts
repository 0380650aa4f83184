/**
 * The postMessage protocol between the store's pages and the wallet's hidden connect iframe (spec
 * §7 call 13). Every message, either way, is `{ action, value? }`; replies are named after the
 * request. Names carry the wallet's placeholder filled in (CONTRACTS.md): `isWalletReachable` is
 * answered by `get_is_wallet_reachable_success`.
 */
export const WALLET_REQUESTS = {
  getPostMessageTimeout: "getPostMessageTimeout",
  getIsUserLoggedIn: "getIsUserLoggedIn",
  getEncryptedData: "getEncryptedData",
  setRedirectSessionData: "setRedirectSessionData",
  setPreemptiveSessionData: "setPreemptiveSessionData",
  setTempThirdPartyCookie: "setTempThirdPartyCookie",
  getIsThirdPartyCookiesEnabled: "getIsThirdPartyCookiesEnabled",
  isWalletReachable: "isWalletReachable",
} as const;
export type WalletRequest = (typeof WALLET_REQUESTS)[keyof typeof WALLET_REQUESTS];

/** What the iframe says once it is listening, before any request. */
export const IFRAME_READY = "get_iframe_post_message_success";

/** The success reply, and where the spec has one the error reply, of each request. */
export const WALLET_REPLIES: Record<WalletRequest, { success: string; error?: string }> = {
  getPostMessageTimeout: { success: "get_post_message_timeout_success" },
  getIsUserLoggedIn: { success: "get_is_user_logged_in_success" },
  getEncryptedData: { success: "get_encrypted_data_success" },
  setRedirectSessionData: {
    success: "set_redirect_session_data_success",
    error: "set_redirect_session_data_error",
  },
  setPreemptiveSessionData: {
    success: "set_preemptive_session_data_success",
    error: "set_preemptive_session_data_error",
  },
  setTempThirdPartyCookie: { success: "set_temp_third_party_cookie_success" },
  getIsThirdPartyCookiesEnabled: { success: "get_is_third_party_cookies_enabled_success" },
  isWalletReachable: { success: "get_is_wallet_reachable_success" },
};

export type WalletMessage = { action: string; value?: unknown };

/** A message as it arrives from the other window: anything, until it has the envelope's shape. */
export function asWalletMessage(data: unknown): WalletMessage | null {
  if (!data || typeof data !== "object") return null;
  const { action, value } = data as { action?: unknown; value?: unknown };
  return typeof action === "string" && action.length <= 100 ? { action, value } : null;
}

/** Spec §9: a request waits 5000 ms for its reply, unless the wallet said otherwise. */
export const DEFAULT_POST_MESSAGE_TIMEOUT_MS = 5000;

// What both sides may use, in the browser too; the crypto (Node only) is `@vitrine/wallet-protocol/crypto`.
export { fromBracketedForm, toBracketedFormData } from "./form.ts";
export {
  asWalletMessage,
  DEFAULT_POST_MESSAGE_TIMEOUT_MS,
  IFRAME_READY,
  WALLET_REPLIES,
  WALLET_REQUESTS,
  type WalletMessage,
  type WalletRequest,
} from "./messages.ts";
export { type EncryptedSessionData, isEncryptedSessionData } from "./session-data.ts";
export {
  connectIframeUrl,
  isAllowedWalletOrigin,
  isSkipCookieSet,
  isValidRedirectUrl,
  minimalSessionRedirectUrl,
  WALLET_SKIP_COOKIE,
  walletOrigin,
} from "./urls.ts";

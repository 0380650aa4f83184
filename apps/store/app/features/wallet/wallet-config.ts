import type { EncryptedSessionData } from "@vitrine/wallet-protocol";

/** Spec §3 "Wallet / payment configuration", as the page is handed it (root loader data). */
export type WalletClientConfig = {
  testMode: boolean;
  walletHost: string;
  walletMerchantId: string;
  isWalletDirectCheckoutEnabled: boolean;
  platformTrackerNonce: string;
  ajaxUrl: string;
  /** With `%%endpoint%%` for the call's name. */
  wcAjaxUrl: string;
  walletSessionNonce: string;
  /** Preloaded minimal session: then call 12 is skipped. */
  walletMinimumSessionData?: EncryptedSessionData;
  blogId: string;
  /** Spec §2: true suppresses session prefetching. */
  is_product_page: boolean;
};

/** Spec §8, with the wallet's name filled in (CONTRACTS.md). */
export const WALLET_ERRORS = {
  timeout: "walletConnectIframe did not respond within the allotted time.",
  noIframe: "iframePostMessage is not set",
  noSessionData: "Could not retrieve encrypted session data from store.",
  noCheckoutUrl: "Could not retrieve wallet checkout URL.",
  invalidUrl: (url: unknown) => `Invalid wallet session URL: ${String(url)}`,
  noRedirectData: "Could not retrieve redirect data from merchant.",
  invalidData: "Invalid encrypted session data.",
  unavailable: "Wallet is currently not available.",
} as const;

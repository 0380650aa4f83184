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

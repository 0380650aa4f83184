import type { WalletClientConfig } from "../../lib/wallet.ts";

export type { WalletClientConfig };

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

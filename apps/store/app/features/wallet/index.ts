export { useWalletDirectCheckout } from "./use-wallet-direct-checkout.ts";
export type { WalletClientConfig } from "./wallet-config.ts";

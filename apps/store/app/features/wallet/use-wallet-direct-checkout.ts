import { useEffect } from "react";
import { DirectCheckout } from "./direct-checkout.ts";
import type { WalletClientConfig } from "./wallet-config.ts";

/**
 * Starts direct checkout once the page is interactive; without JavaScript the buttons stay plain
 * links. It restarts only when the configuration's values change, not on every new object.
 */
export function useWalletDirectCheckout(config: WalletClientConfig | undefined): void {
  const serialised = config ? JSON.stringify(config) : "";
  useEffect(() => {
    if (!serialised) return;
    const checkout = new DirectCheckout(JSON.parse(serialised) as WalletClientConfig);
    void checkout.start();
    return () => checkout.stop();
  }, [serialised]);
}

import { useEffect } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { DirectCheckout } from "./direct-checkout.ts";
import type { WalletClientConfig } from "./wallet-config.ts";

/**
 * Starts direct checkout once the page is interactive; without JavaScript the buttons stay plain
 * links. It restarts only when the configuration's values change, not on every new object. Its code
 * loads then, apart from the page's, and only on a store that has direct checkout on.
 */
export function useWalletDirectCheckout(config: WalletClientConfig | undefined): void {
  const serialised = config ? JSON.stringify(config) : "";
  const { t } = useTranslation();
  const pleaseWait = t("site.pleaseWait");
  useEffect(() => {
    if (!serialised) return;
    let stopped = false;
    let checkout: DirectCheckout | undefined;
    void import("./direct-checkout.ts").then((module) => {
      if (stopped) return;
      checkout = new module.DirectCheckout(JSON.parse(serialised) as WalletClientConfig, pleaseWait);
      void checkout.start();
    });
    return () => {
      stopped = true;
      checkout?.stop();
    };
  }, [serialised, pleaseWait]);
}

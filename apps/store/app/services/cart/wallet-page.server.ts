import type { AppContext } from "../../context.server.ts";
import type { WalletClientConfig } from "../../lib/wallet.ts";
import { guestFormNonce } from "../people/accounts.server.ts";
import { createNonce } from "../shared/nonce.server.ts";

/** Nonce actions of the two wallet nonces the page is handed (`walletSessionNonce`, `platformTrackerNonce`). */
export const WALLET_SESSION_NONCE = "wallet_session";
export const TRACKER_NONCE = "platform_tracker";

/**
 * A nonce for the page: the session's own once there is one (a cart or a login), else (and on every
 * shared catalogue page) the one every guest page shares, like the login form's.
 */
export async function walletNonce(context: AppContext, action: string): Promise<string> {
  // A shared catalogue page carries the guests' nonce, which the wallet calls accept from anyone.
  const session = context.sharedPage ? null : await context.session.get();
  return session
    ? createNonce(session.nonceSecret, action)
    : guestFormNonce(context.config.sessionSecret, action);
}

/**
 * Whether the express wallet is offered: the installation allows it (WALLET_DIRECT_CHECKOUT) and the
 * owner has it on in the payment settings (decision 0039).
 */
export function expressCheckoutOn(context: Pick<AppContext, "config" | "settings">): boolean {
  return context.config.wallet.directCheckout && context.settings.payments.wallet.enabled;
}

/** What the page is handed for direct checkout (spec §3 "Wallet / payment configuration"). */
export async function walletClientConfig(context: AppContext, url: URL): Promise<WalletClientConfig> {
  const { wallet, walletHost } = context.config;
  return {
    testMode: wallet.testMode,
    walletHost,
    walletMerchantId: wallet.merchantId,
    isWalletDirectCheckoutEnabled: expressCheckoutOn(context),
    platformTrackerNonce: await walletNonce(context, TRACKER_NONCE),
    ajaxUrl: "/ajax",
    wcAjaxUrl: "/?wc-ajax=%%endpoint%%",
    walletSessionNonce: await walletNonce(context, WALLET_SESSION_NONCE),
    blogId: wallet.storeId,
    is_product_page: url.pathname.startsWith("/product/"),
  };
}

import { createHash } from "node:crypto";
import { fromBracketedForm } from "@vitrine/wallet-protocol";
import type { Request } from "express";
import type { AppContext } from "../context.server.ts";
import { ownerOf } from "../services/cart/cart-session.server.ts";
import { sealWalletSession } from "../services/cart/wallet.server.ts";
import {
  expressCheckoutOn,
  TRACKER_NONCE,
  WALLET_SESSION_NONCE,
} from "../services/cart/wallet-page.server.ts";
import { userAddresses } from "../services/people/users.server.ts";
import { parseCookies } from "../services/shared/cookies.server.ts";
import { verifyNonce } from "../services/shared/nonce.server.ts";
import { walletShippingRate } from "../services/shipping/shipping-checkout.server.ts";
import type { AjaxAction, CallHandler, CallInput, CallResult } from "./calls.server.ts";

async function nonceIsValid(
  context: AppContext,
  action: string,
  nonce: string | undefined,
): Promise<boolean> {
  const session = await context.session.get();
  if (session && verifyNonce(session.nonceSecret, action, nonce ?? "")) return true;
  return verifyNonce(context.config.sessionSecret, action, nonce ?? "");
}

const refused = (code: string, message: string, status = 403): CallResult => ({
  status,
  json: { success: false, code, message, data: { status } },
});

/** `POST /ajax action=get_identity, tracksNonce` → `{success, data: {_ui, _ut}}` (spec §7 call 10). */
const identity: CallHandler = async (context, input) => {
  if (!(await nonceIsValid(context, TRACKER_NONCE, input.tracksNonce))) {
    return refused("invalid_nonce", "The tracking nonce is missing or stale.");
  }
  const session = await context.session.get();
  if (session?.userId)
    return { json: { success: true, data: { _ui: String(session.userId), _ut: "vitrine:user_id" } } };
  // A guest is a stable anonymous id for as long as the session lasts, never the session id itself.
  const anonymous = session
    ? createHash("sha256").update(`anon:${session.id}`).digest("hex").slice(0, 24)
    : "";
  return { json: { success: true, data: { _ui: anonymous, _ut: "anon" } } };
};

async function sessionData(context: AppContext, input: CallInput, request: Request, minimal: boolean) {
  if (!(await nonceIsValid(context, WALLET_SESSION_NONCE, input._ajax_nonce))) {
    return refused("invalid_nonce", "The wallet session nonce is missing or stale.");
  }
  if (!expressCheckoutOn(context)) {
    return refused("wallet_disabled", "Express checkout is turned off.", 409);
  }
  const session = await context.session.get();
  if (!session) return refused("empty_cart", "The cart is empty.", 409);
  const customer: { email?: string; first_name?: string; last_name?: string } = {};
  if (!minimal && session.userId) {
    const user = await userAddresses(context.db, session.userId);
    if (user) {
      customer.email = user.email;
      if (user.billing?.first_name) customer.first_name = user.billing.first_name;
      if (user.billing?.last_name) customer.last_name = user.billing.last_name;
    }
  }
  const sealed = await sealWalletSession({
    db: context.db,
    config: context.config,
    owner: ownerOf(session),
    locale: context.locale,
    currency: context.settings.currency,
    storeName: context.settings.name,
    shippingRate: await walletShippingRate(context, ownerOf(session)),
    pricing: context.settings,
    storeUrl: context.config.publicUrl,
    customer,
    cookies: parseCookies(request.headers.cookie),
    attributionBase64: context.settings.order_attribution.base64,
    walletData: minimal
      ? undefined
      : (fromBracketedForm(Object.entries(input), "encrypted_data") ?? undefined),
    minimal,
  });
  if (!sealed) return refused("empty_cart", "The cart is empty.", 409);
  return { json: minimal ? { success: true, ...sealed } : sealed };
}

export const walletWcAjax: Record<string, CallHandler> = {
  /** `POST /?wc-ajax=vitrine_payments_get_wallet_session` → `{blog_id, data: {session, iv, hash}}` (call 11). */
  vitrine_payments_get_wallet_session: (context, input, request) =>
    sessionData(context, input, request, false),
  /** `POST /?wc-ajax=vitrine_payments_get_wallet_minimum_session_data` → `{success, blog_id, data}` (call 12). */
  vitrine_payments_get_wallet_minimum_session_data: (context, input, request) =>
    sessionData(context, input, request, true),
};

export const walletAjax: Record<string, AjaxAction> = {
  get_identity: { methods: ["POST"], handler: identity },
};

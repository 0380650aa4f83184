import { type AttributionRecord, attributionRecord } from "@vitrine/attribution";
import type { Address, Database } from "@vitrine/db";
import type { EncryptedSessionData } from "@vitrine/wallet-protocol";
import {
  decryptSessionData,
  deriveWalletKeys,
  encryptSessionData,
  type WalletKeys,
  type WalletOrderRequest,
  type WalletSessionPayload,
  walletSessionPayloadSchema,
} from "@vitrine/wallet-protocol/crypto";
import type { Config } from "../../config.server.ts";

import { isLocale } from "../../i18n/i18n.ts";
import type { ShippingChoice } from "../../lib/totals/totals-types.ts";
import { walletShippingRate } from "../shipping/shipping-checkout.server.ts";
import { type CartOwner, type CartView, cartOwnerById, findCartId, loadCart } from "./cart.server.ts";
import { type PricingContext, priceCart } from "./cart-pricing.server.ts";
import {
  type CheckoutContext,
  findByIdempotencyKey,
  orderPlaced,
  type PlacedOrder,
  placeOrder,
} from "./checkout.server.ts";

/** A sealed session is good for half an hour: long enough to pay, short enough to go stale safely. */
const SESSION_LIFETIME_MS = 30 * 60_000;

const keysBySecret = new Map<string, WalletKeys>();
export function walletKeys(config: Config): WalletKeys {
  let keys = keysBySecret.get(config.wallet.sharedSecret);
  if (!keys) {
    keys = deriveWalletKeys(config.wallet.sharedSecret);
    keysBySecret.set(config.wallet.sharedSecret, keys);
  }
  return keys;
}

export type WalletSessionInput = {
  db: Database;
  config: Config;
  owner: CartOwner;
  locale: string;
  currency: string;
  storeName: string;
  /** The rate the wallet ships by (`walletShippingRate`), and the store's tax settings, which price the cart. */
  shippingRate: ShippingChoice | null;
  pricing: PricingContext["settings"];
  storeUrl: string;
  customer: { email?: string; first_name?: string; last_name?: string };
  /** The tracking cookies of the request, for the order attribution record. */
  cookies: Record<string, string | undefined>;
  attributionBase64: boolean;
  /** Whatever the wallet's `getEncryptedData` gave the page, handed back to the wallet as it is. */
  walletData?: unknown;
  /** The minimal session carries no customer details (spec §7 call 12). */
  minimal?: boolean;
  now?: number;
};

/**
 * The store's half of the express checkout (spec §3 "Wallet encrypted session data"): the cart,
 * the customer's details and the order attribution record, sealed for the wallet. Null when the
 * cart is empty: there is nothing to pay for.
 */
export async function sealWalletSession(input: WalletSessionInput): Promise<EncryptedSessionData | null> {
  const cartId = await findCartId(input.db, input.owner);
  const loaded = await loadCart(input.db, input.owner, input.locale);
  if (cartId === null || loaded.lines.length === 0) return null;
  const { cart, totals } = await walletPrice(input, input.owner, loaded, input.shippingRate);
  const record: AttributionRecord = attributionRecord(input.cookies, { base64: input.attributionBase64 });
  const payload: WalletSessionPayload = {
    blog_id: input.config.wallet.storeId,
    cart_token: String(cartId),
    cart: {
      items: cart.lines.map((line) => ({
        key: line.key,
        name: line.name,
        quantity: line.quantity,
        line_total: line.total,
      })),
      totals: { subtotal: cart.subtotal, total: totals.total, currency: input.currency },
    },
    customer: input.minimal ? {} : input.customer,
    store: { name: input.storeName, url: input.storeUrl },
    attribution: Object.values(record).some((value) => value !== "") ? { ...record } : null,
    locale: input.locale,
    expires_at: (input.now ?? Date.now()) + SESSION_LIFETIME_MS,
    ...(input.walletData === undefined || input.minimal ? {} : { wallet_data: input.walletData }),
  };
  return {
    blog_id: input.config.wallet.storeId,
    data: encryptSessionData(payload, walletKeys(input.config)),
  };
}

export type WalletOrderErrorCode =
  | "invalid_session"
  | "session_expired"
  | "wrong_store"
  | "cart_gone"
  | "amount_mismatch";

export class WalletOrderError extends Error {
  override name = "WalletOrderError";
  constructor(readonly code: WalletOrderErrorCode) {
    super(code);
  }
}

/**
 * Places the order the wallet has been paid for, from the cart it was sealed with. The payment id
 * is the idempotency key: a replayed call answers with the order already placed and places nothing.
 * The amount paid must be the cart's total now, so a cart changed after sealing is not sold short.
 * Like every path that places an order, a new one purges cached pages and mails its confirmation.
 */
export async function placeWalletOrder(
  context: CheckoutContext,
  options: { request: WalletOrderRequest; billing: Address; now?: number },
): Promise<PlacedOrder> {
  const { db, config } = context;
  const { request } = options;
  if (request.blog_id !== config.wallet.storeId) throw new WalletOrderError("wrong_store");
  let payload: WalletSessionPayload;
  try {
    payload = walletSessionPayloadSchema.parse(decryptSessionData(request.session, walletKeys(config)));
  } catch {
    // Altered, sealed under another key, or not the shape this store seals.
    throw new WalletOrderError("invalid_session");
  }
  if (payload.blog_id !== config.wallet.storeId) throw new WalletOrderError("wrong_store");
  const idempotencyKey = `wallet:${request.payment_id}`;
  const owner = await cartOwnerById(db, Number(payload.cart_token));
  if (!owner) throw new WalletOrderError("cart_gone");
  // A replay of a call already answered finds its order before the expiry or the emptied cart matter.
  const placedBefore = await findByIdempotencyKey(db, idempotencyKey);
  if (placedBefore) return placedBefore;
  if (payload.expires_at < (options.now ?? Date.now())) throw new WalletOrderError("session_expired");
  const cart = await loadCart(db, owner, payload.locale);
  if (cart.lines.length === 0) throw new WalletOrderError("cart_gone");
  const shippingRate = await walletShippingRate({ ...context, locale: payload.locale }, owner);
  const { totals } = await walletPrice(
    { db, pricing: context.settings, locale: payload.locale },
    owner,
    cart,
    shippingRate,
  );
  if (totals.total !== request.amount || request.currency !== payload.cart.totals.currency) {
    throw new WalletOrderError("amount_mismatch");
  }
  const placed = await placeOrder(db, {
    owner,
    locale: payload.locale,
    currency: payload.cart.totals.currency,
    billing: options.billing,
    shipping: options.billing,
    // Only this call, signed by the wallet once the shopper has paid, places a wallet order.
    payment: { via: "wallet", paymentId: request.payment_id },
    shippingRate,
    pricing: context.settings,
    taxAtBase: true,
    customerNote: "",
    idempotencyKey,
    attribution: payload.attribution ?? {},
  });
  orderPlaced(context, placed);
  return placed;
}

/**
 * The wallet's price of the cart: taxed at the shop's base (the wallet knows no address until the
 * shopper has paid), shipped by the wallet's rate. The sealed session and the order both price so,
 * so the order charges what the wallet showed (decision 0070).
 */
function walletPrice(
  context: { db: Database; pricing: PricingContext["settings"]; locale: string },
  owner: CartOwner,
  cart: CartView,
  shippingRate: ShippingChoice | null,
) {
  return priceCart(
    { db: context.db, settings: context.pricing, locale: isLocale(context.locale) ? context.locale : "en" },
    owner,
    cart,
    { shippingRate, taxAtBase: true },
  );
}

import Stripe from "stripe";
import type { Config } from "../../config.server.ts";
import type { PaymentSettings } from "../../lib/settings-resource.ts";

/**
 * The store's access to Stripe (issue 42, decision 0073): the official client with the secret key
 * the installation gives (`STRIPE_SECRET_KEY`, which wins) or the settings page's, and the webhook
 * secret the same way. `null` when Stripe is switched off or has no secret key: the checkout does
 * not offer it and its webhook refuses every call.
 */
export type StripeAccess = {
  client: Stripe;
  /** The webhook endpoint's signing secret; "" when none is set (every webhook is then refused). */
  webhookSecret: string;
  /** A test key: staff see a "test mode" notice on every page. */
  testMode: boolean;
  /** Where Checkout's pages are: the checkout's form may be sent on there (content security policy). */
  checkoutOrigin: string;
};

const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * Where Stripe's hosted Checkout pages are (the API's address in tests): the checkout's form, sent
 * without JavaScript, is answered with a 303 there, so the pages' `form-action` must allow it.
 */
export function stripeCheckoutOrigin(config: Pick<Config, "stripe">): string {
  return config.stripe.apiUrl ?? STRIPE_CHECKOUT_ORIGIN;
}

/** One client per key and address, per process (each holds its own connection pool). */
const clients = new Map<string, Stripe>();

export function stripeAccess(
  config: Pick<Config, "stripe">,
  settings: Pick<PaymentSettings, "stripe">,
): StripeAccess | null {
  const { stripe } = settings;
  const secretKey = config.stripe.secretKey || stripe.secret_key;
  if (!stripe.enabled || !secretKey) return null;
  const apiUrl = config.stripe.apiUrl;
  const cacheKey = `${apiUrl ?? ""} ${secretKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const api = apiUrl ? new URL(apiUrl) : null;
    client = new Stripe(secretKey, {
      // Retried with the same idempotency key, so a retry never charges or refunds twice.
      maxNetworkRetries: 1,
      timeout: 10_000,
      appInfo: { name: "Vitrine" },
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
            protocol: api.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(cacheKey, client);
  }
  return {
    client,
    webhookSecret: config.stripe.webhookSecret || stripe.webhook_secret,
    testMode: /^(sk|rk)_test_/.test(secretKey),
    checkoutOrigin: stripeCheckoutOrigin(config),
  };
}

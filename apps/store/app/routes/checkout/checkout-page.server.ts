import { randomBytes } from "node:crypto";
import type { Database } from "@vitrine/db";
import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { parseCheckoutForm } from "../../lib/checkout-form.ts";
import { countries } from "../../lib/checkout-schema.ts";
import { attributionFromForm, cleanAttribution } from "../../services/analytics/attribution.server.ts";
import { cartHeaders, ownerOf } from "../../services/cart/cart-session.server.ts";
import {
  CheckoutError,
  type CheckoutErrorCode,
  cartAfterCheckout,
  checkoutCart,
  checkoutErrorNotice,
  checkoutErrorStatus,
} from "../../services/cart/checkout.server.ts";
import { checkoutTerms, termsRequired } from "../../services/content/legal-pages.server.ts";
import { appliedCouponViews } from "../../services/coupons/coupon-session.server.ts";
import { checkoutGateways } from "../../services/payments/gateways.server.ts";
import { userAddresses } from "../../services/people/users.server.ts";
import { createNonce, verifyNonce } from "../../services/shared/nonce.server.ts";
import { checkoutZones } from "../../services/shipping/shipping-checkout.server.ts";
import { addressTaxLocationCookie } from "../../services/taxes/shown-prices.server.ts";

export const CHECKOUT_NONCE = "woocommerce-process_checkout";

export async function loadCheckout(context: AppLoadContext) {
  // The cart with its pricing, which the form's totals follow as the shopper types (decision 0070).
  const { session, cart, priced } = await context.cart.priced();
  if (!session || !priced) throw redirect("/cart");
  return {
    saved: session.userId ? await savedAddresses(context.db, session.userId) : {},
    userId: session.userId ?? 0,
    cart,
    pricing: priced.pricing,
    coupons: appliedCouponViews(priced.applied),
    countries,
    // Every zone with its rates for this cart: the form offers the first zone's that holds the address;
    // a cart of virtual products only is offered none (decision 0076).
    shippingZones: cart.needsShipping ? await checkoutZones(context, cart) : [],
    paymentMethods: checkoutGateways({ payments: context.settings.payments, config: context.config }).map(
      ({ id, titleKey, descriptionKey }) => ({
        id,
        titleKey,
        descriptionKey,
      }),
    ),
    // The terms page's link and text (decision 0064); none named, no terms checkbox.
    terms: await checkoutTerms(context),
    nonce: createNonce(session.nonceSecret, CHECKOUT_NONCE),
    // One key per rendered form: submitting it twice finds the order the first submission placed.
    attempt: randomBytes(16).toString("base64url"),
  };
}

/** The classic checkout form post: validate, place the order in one transaction, go to its receipt. */
export async function submitCheckout(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const fields = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === "string"),
  ) as Record<string, string>;
  const session = await context.session.get();
  if (!session) throw redirect("/cart");
  if (!verifyNonce(session.nonceSecret, CHECKOUT_NONCE, fields._wpnonce ?? "")) {
    return data(
      { errors: {}, notice: { key: "checkout.errors.nonce", params: {} }, values: fields },
      { status: 403 },
    );
  }
  // Form values are always strings, so cleaning can only drop values here, never refuse them.
  const attribution = cleanAttribution(attributionFromForm(fields));
  const parsed = parseCheckoutForm(fields, { terms: await termsRequired(context) });
  if (!parsed.success) return data({ errors: parsed.errors, notice: null, values: fields }, { status: 400 });

  try {
    const order = await checkoutCart(context, {
      owner: ownerOf(session),
      sessionId: session.id,
      locale: context.locale,
      order: parsed.order,
      attempt: fields.checkout_attempt,
      attribution,
    });
    const headers = await cartHeaders(context, request, await cartAfterCheckout(context.cart, order));
    // The catalogue shows this shopper's prices at the address they gave from now on (decision 0071).
    const located = addressTaxLocationCookie(
      context.settings,
      { billing: parsed.order.billing, shipping: parsed.order.shipping },
      new URL(request.url).protocol === "https:",
    );
    if (located) headers.append("Set-Cookie", located);
    // An order paid away goes on to the provider's page (303: the browser follows with a GET).
    if (order.paymentUrl) throw redirect(order.paymentUrl, { status: 303, headers });
    throw redirect(`/checkout/order-received/${order.id}?key=${order.orderKey}`, { headers });
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    const field = checkoutErrorField[error.code];
    return data(
      {
        errors: field ? { [field]: `checkout.errors.${error.code}` } : {},
        notice: checkoutErrorNotice(error),
        values: fields,
      },
      { status: checkoutErrorStatus(error.code) },
    );
  }
}

/** The form field a checkout error is about, if it is about one. */
const checkoutErrorField: Partial<Record<CheckoutErrorCode, string>> = {
  payment_method_unavailable: "payment_method",
  shipping_method_unavailable: "shipping_method",
};

/** The addresses of the account's last order, as checkout form values (`billing_city`, …). */
async function savedAddresses(db: Database, userId: number): Promise<Record<string, string>> {
  const user = await userAddresses(db, userId);
  const values: Record<string, string> = {};
  for (const [prefix, address] of [
    ["billing", user?.billing],
    ["shipping", user?.shipping],
  ] as const) {
    for (const [field, value] of Object.entries(address ?? {}))
      if (typeof value === "string") values[`${prefix}_${field}`] = value;
  }
  return values;
}

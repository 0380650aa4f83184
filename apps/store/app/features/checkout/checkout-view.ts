import type { CartView } from "../../lib/cart.ts";
import type { ZoneLocation } from "../../lib/shipping/zone-matching.ts";
import type { CheckoutTerms } from "../../lib/store-settings.ts";
import type { CheckoutPricing, ShippingChoice } from "../../lib/totals/totals-types.ts";
import type { CheckoutNotice } from "./use-enhanced-checkout.ts";

/** What the checkout page's loader gives the form (the route's `loadCheckout`). */
export type CheckoutPageData = {
  /** The account's saved addresses, as form values. */
  saved: Record<string, string>;
  userId: number;
  cart: CartView;
  countries: Record<string, readonly string[]>;
  /** The shipping zones with their rates for this cart; the first that holds the address is offered (decision 0069). */
  shippingZones: ReadonlyArray<{
    id: number;
    order: number;
    locations: readonly ZoneLocation[];
    rates: readonly ShippingChoice[];
  }>;
  /** The cart's pricing, which the form's totals are computed from as the shopper types (decision 0070). */
  pricing: CheckoutPricing;
  paymentMethods: ReadonlyArray<{ id: string; titleKey: string; descriptionKey: string }>;
  /** The store's terms page, which the shopper accepts; none, no checkbox (decision 0064). */
  terms: CheckoutTerms | null;
  nonce: string;
  attempt: string;
};

/** What a refused form post answers: field errors, a notice about the whole form, the values sent. */
export type CheckoutResult = {
  errors: Record<string, string>;
  notice: CheckoutNotice | null;
  values: Record<string, string>;
};

export type CheckoutErrors = Record<string, string>;

type Translate = (key: string) => string;

/** Errors are translation keys from the server-rendered form, or already translated API messages. */
export function translatedError(t: Translate, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  return /^[a-z]+(\.[a-z_]+)+$/.test(message) ? t(message) : message;
}

/** The label an error summary shows for a form field (`billing_email` → "Email address"). */
export function fieldLabel(t: Translate, field: string): string {
  const name = field.replace(/^(billing|shipping)_/, "");
  if (name === "terms") return t("checkout.termsDialog");
  if (name === "payment_method") return t("checkout.paymentMethod");
  if (name === "shipping_method") return t("checkout.shippingMethod");
  return t(`checkout.fields.${name}`);
}

import type { PaymentGateway } from "./gateway.ts";
import { stripeAccess } from "./stripe-client.server.ts";

/**
 * Cards through Stripe Checkout (issue 42, decision 0073): the order is placed as pending payment,
 * the shopper pays on Stripe's page (stripe-checkout.server.ts), and Stripe's webhook settles it.
 */
export const stripePayment: PaymentGateway = {
  id: "stripe",
  titleKey: "checkout.payment.stripe.title",
  descriptionKey: "checkout.payment.stripe.description",
  statusOnPlacement: "pending",
  paidAway: true,
  // On, with a secret key (the installation's or the settings page's).
  offered: ({ payments, config }) => stripeAccess(config, payments) !== null,
};

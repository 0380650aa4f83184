import type { PaymentGateway } from "./gateway.ts";

/** Direct bank transfer (WooCommerce's BACS): the shopper pays into the account the receipt shows. */
export const bankTransfer: PaymentGateway = {
  id: "bacs",
  titleKey: "checkout.payment.bacs.title",
  descriptionKey: "checkout.payment.bacs.description",
  // Bank transfers are confirmed by hand when the money arrives (WooCommerce: on hold).
  statusOnPlacement: "on-hold",
  offered: ({ payments }) => payments.bacs.enabled,
};

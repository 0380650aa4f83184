import type { PaymentGateway } from "./gateway.ts";

/** The express wallet: paid at the wallet, whose signed call places the order (decision 0039). */
export const walletPayment: PaymentGateway = {
  id: "wallet",
  titleKey: "checkout.payment.wallet.title",
  descriptionKey: "checkout.payment.wallet.description",
  // The wallet calls the store only once the shopper has paid.
  statusOnPlacement: "processing",
  express: true,
  offered: ({ payments }) => payments.wallet.enabled,
};

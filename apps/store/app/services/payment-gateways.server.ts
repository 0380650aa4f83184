/**
 * Payment methods behind one small interface: the checkout asks a gateway what becomes of a new
 * order; the wallet and any later card gateway plug in here.
 */
export type OrderStatusAfterPayment = "pending" | "on-hold" | "processing";

export type PaymentGateway = {
  id: string;
  /** Translation key of the method's name and of its description at checkout. */
  titleKey: string;
  descriptionKey: string;
  /** The order's status once it is placed with this method (before any asynchronous payment). */
  statusOnPlacement: OrderStatusAfterPayment;
  /** Paid away from the checkout form (the express wallet): not offered among its methods. */
  express?: boolean;
};

const gateways: PaymentGateway[] = [
  {
    id: "bacs",
    titleKey: "checkout.payment.bacs.title",
    descriptionKey: "checkout.payment.bacs.description",
    // Bank transfers are confirmed by hand when the money arrives.
    statusOnPlacement: "on-hold",
  },
  {
    id: "cod",
    titleKey: "checkout.payment.cod.title",
    descriptionKey: "checkout.payment.cod.description",
    statusOnPlacement: "processing",
  },
  {
    id: "wallet",
    titleKey: "checkout.payment.wallet.title",
    descriptionKey: "checkout.payment.wallet.description",
    // The wallet calls the store only once the shopper has paid.
    statusOnPlacement: "processing",
    express: true,
  },
];

/** The methods the checkout form offers. */
export function paymentGateways(): readonly PaymentGateway[] {
  return gateways.filter((gateway) => !gateway.express);
}

export function paymentGateway(id: string): PaymentGateway | undefined {
  return gateways.find((gateway) => gateway.id === id);
}

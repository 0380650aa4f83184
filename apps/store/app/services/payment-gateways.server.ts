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
];

export function paymentGateways(): readonly PaymentGateway[] {
  return gateways;
}

export function paymentGateway(id: string): PaymentGateway | undefined {
  return gateways.find((gateway) => gateway.id === id);
}

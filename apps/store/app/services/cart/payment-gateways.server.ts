import type { PaymentSettings } from "../../lib/settings-resource.ts";

/**
 * Payment methods behind one small interface: the checkout asks a gateway whether it is offered and
 * what becomes of a new order; the wallet and any later card gateway plug in here.
 * (docs/decisions/0011-payment-methods-and-order-status.md)
 */
export type OrderStatusAfterPayment = "pending" | "on-hold" | "processing";

export type PaymentGateway = {
  id: "bacs" | "cod" | "wallet";
  /** Translation key of the method's name and of its description at checkout. */
  titleKey: string;
  descriptionKey: string;
  /** The order's status once it is placed with this method. */
  statusOnPlacement: OrderStatusAfterPayment;
  /**
   * Paid away from the checkout form (the express wallet): never offered among the checkout's
   * methods; its orders are placed only by the wallet's signed call once the shopper has paid.
   */
  express?: boolean;
};

const gateways: readonly PaymentGateway[] = [
  {
    id: "bacs",
    titleKey: "checkout.payment.bacs.title",
    descriptionKey: "checkout.payment.bacs.description",
    // Bank transfers are confirmed by hand when the money arrives (WooCommerce: on hold).
    statusOnPlacement: "on-hold",
  },
  {
    id: "cod",
    titleKey: "checkout.payment.cod.title",
    descriptionKey: "checkout.payment.cod.description",
    // Paid on delivery, so the order is ready to fulfil now (WooCommerce: processing).
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

/** The methods the checkout form and the Store API offer: the enabled ones, never the express wallet. */
export function checkoutGateways(settings: PaymentSettings): readonly PaymentGateway[] {
  return gateways.filter((gateway) => gateway.id !== "wallet" && settings[gateway.id].enabled);
}

/**
 * The gateway of a method a shopper chose at checkout, if the store offers it for an order shipped
 * with `shippingMethod` (a rate id, "flat_rate:3"): cash on delivery can be limited to some shipping
 * methods or rates (none listed: all).
 */
export function offeredGateway(
  settings: PaymentSettings,
  method: string,
  shippingMethod: string,
): PaymentGateway | undefined {
  const gateway = checkoutGateways(settings).find((candidate) => candidate.id === method);
  if (!gateway) return undefined;
  if (gateway.id === "cod") {
    const limitedTo = settings.cod.shipping_methods;
    // A method's id ("flat_rate") stands for each of its rates ("flat_rate:3"), as in WooCommerce.
    const type = shippingMethod.split(":")[0] ?? "";
    if (limitedTo.length > 0 && !limitedTo.includes(shippingMethod) && !limitedTo.includes(type))
      return undefined;
  }
  return gateway;
}

/** The express wallet's gateway, for the order its signed call places. */
export const walletGateway: PaymentGateway = gateways.find((gateway) => gateway.id === "wallet")!;

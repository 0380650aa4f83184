import type { Config } from "../../config.server.ts";
import type { PaymentSettings } from "../../lib/settings-resource.ts";

/**
 * A payment method (decision 0011, issue 42): the checkout asks each whether it is offered and what
 * becomes of a new order; placing an order is one use case whatever the method
 * (services/cart/checkout.server.ts), and a new method is one module beside this one, listed in
 * gateways.server.ts.
 */
export type OrderStatusAfterPayment = "pending" | "on-hold" | "processing";

/** What a method's offer depends on: the store's payment settings, the installation's, and the order's shipping. */
export type OfferContext = {
  payments: PaymentSettings;
  config: Pick<Config, "stripe">;
  /** The order's shipping rate id ("flat_rate:3"), when known; the checkout page lists methods before one is chosen. */
  shippingMethod?: string;
};

export type PaymentGateway = {
  id: "bacs" | "cod" | "wallet" | "stripe";
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
  /**
   * Paid on the provider's page after the order is placed (Stripe Checkout): the order waits as
   * "pending payment" with its stock held; the cart stays until the payment succeeds, and the
   * order's mails are owed then, not at placement.
   */
  paidAway?: boolean;
  /** Whether the checkout offers it for this order. */
  offered(context: OfferContext): boolean;
};

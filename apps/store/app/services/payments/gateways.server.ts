import { bankTransfer } from "./bank-transfer.server.ts";
import { cashOnDelivery } from "./cash-on-delivery.server.ts";
import type { OfferContext, PaymentGateway } from "./gateway.ts";
import { stripePayment } from "./stripe-payment.server.ts";
import { walletPayment } from "./wallet-payment.server.ts";

export type { OfferContext, OrderStatusAfterPayment, PaymentGateway } from "./gateway.ts";

/** Every payment method, in the order the checkout lists them (docs/decisions/0011, 0073). */
const gateways: readonly PaymentGateway[] = [stripePayment, bankTransfer, cashOnDelivery, walletPayment];

/** The methods the checkout form and the Store API offer for an order: the enabled ones, never the express wallet. */
export function checkoutGateways(context: OfferContext): readonly PaymentGateway[] {
  return gateways.filter((gateway) => !gateway.express && gateway.offered(context));
}

/** The gateway of a method a shopper chose at checkout, if the store offers it for this order. */
export function offeredGateway(context: OfferContext, method: string): PaymentGateway | undefined {
  return checkoutGateways(context).find((candidate) => candidate.id === method);
}

/** A method by its id, whether or not it is offered now (an order placed with it earlier). */
export function gatewayById(id: string): PaymentGateway | undefined {
  return gateways.find((gateway) => gateway.id === id);
}

/** The express wallet's gateway, for the order its signed call places. */
export const walletGateway: PaymentGateway = walletPayment;

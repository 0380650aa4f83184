import type { PaymentGateway } from "./gateway.ts";

/** Cash on delivery: paid to the courier, so the order is ready to fulfil at once. */
export const cashOnDelivery: PaymentGateway = {
  id: "cod",
  titleKey: "checkout.payment.cod.title",
  descriptionKey: "checkout.payment.cod.description",
  // Paid on delivery, so the order is ready to fulfil now (WooCommerce: processing).
  statusOnPlacement: "processing",
  /**
   * It can be limited to some shipping methods or rates (none listed: all); a method's id
   * ("flat_rate") stands for each of its rates ("flat_rate:3"), as in WooCommerce.
   */
  offered({ payments, shippingMethod }) {
    if (!payments.cod.enabled) return false;
    if (shippingMethod === undefined) return true;
    const limitedTo = payments.cod.shipping_methods;
    const type = shippingMethod.split(":")[0] ?? "";
    return limitedTo.length === 0 || limitedTo.includes(shippingMethod) || limitedTo.includes(type);
  },
};

import { z } from "zod";
import { addressSchema, contactSchema } from "./checkout-schema.ts";

export const addressFields = [
  "first_name",
  "last_name",
  "company",
  "address_1",
  "address_2",
  "city",
  "state",
  "postcode",
  "country",
] as const;

export type CheckoutFormErrors = Record<string, string>;

/**
 * Reads the classic checkout form (`billing_*`, `shipping_*`, `payment_method`, `shipping_method`,
 * `order_comments`, `terms`) into an order request, or field errors keyed by the form's field names.
 * `terms` is required only while the store has a terms page (`options.terms`, decision 0064).
 */
export function parseCheckoutForm(fields: Record<string, string>, options: { terms: boolean }) {
  const errors: CheckoutFormErrors = {};
  const pick = (prefix: string) =>
    Object.fromEntries(addressFields.map((name) => [name, fields[`${prefix}_${name}`] ?? ""]));
  const collect = (prefix: string, result: { success: boolean; error?: z.ZodError }) => {
    for (const issue of result.error?.issues ?? []) {
      const name = `${prefix}_${String(issue.path[0])}`;
      errors[name] ??= issue.message;
    }
  };

  const billing = addressSchema.safeParse(pick("billing"));
  collect("billing", billing);
  const contact = contactSchema.safeParse({
    email: fields.billing_email ?? "",
    phone: fields.billing_phone ?? "",
  });
  collect("billing", contact);
  const shipToDifferent = fields.ship_to_different_address === "1";
  const shipping = shipToDifferent ? addressSchema.safeParse(pick("shipping")) : billing;
  if (shipToDifferent) collect("shipping", shipping);

  const paymentMethod = z.string().min(1).max(40).safeParse(fields.payment_method);
  if (!paymentMethod.success) errors.payment_method = "checkout.errors.payment";
  // A cart of virtual products only names none (decision 0076): the order's placement refuses a
  // missing one for a cart that ships.
  const shippingMethod = z
    .string()
    .max(40)
    .safeParse(fields.shipping_method ?? "");
  if (!shippingMethod.success) errors.shipping_method = "checkout.errors.shipping";
  if (options.terms && fields.terms !== "on" && fields.terms !== "1") errors.terms = "checkout.errors.terms";
  const note = (fields.order_comments ?? "").trim().slice(0, 2000);

  if (Object.keys(errors).length > 0 || !billing.success || !contact.success || !shipping.success) {
    return { success: false as const, errors };
  }
  return {
    success: true as const,
    order: {
      billing: { ...billing.data, ...contact.data },
      shipping: shipping.data!,
      paymentMethod: paymentMethod.data!,
      shippingMethod: shippingMethod.data!,
      customerNote: note,
    },
  };
}

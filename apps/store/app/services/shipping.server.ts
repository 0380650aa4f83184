/** The shipping methods offered at checkout, with their cost in minor units. */
export const shippingMethods = [
  { id: "flat_rate", cost: 500 },
  { id: "local_pickup", cost: 0 },
] as const;
export type ShippingMethodId = (typeof shippingMethods)[number]["id"];

export function shippingMethod(id: string) {
  return shippingMethods.find((method) => method.id === id);
}

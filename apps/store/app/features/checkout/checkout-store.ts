/**
 * The client checkout store `vitrine/store/checkout`: the shopper's choices (payment and shipping
 * method) kept in local storage under `WP_DATA_USER_{userId}` (`WP_DATA_USER_0` for guests), as the
 * block checkout's persisted data store does.
 */
export const CHECKOUT_STORE = "vitrine/store/checkout";
export type CheckoutChoices = { paymentMethod?: string; shippingMethod?: string };

export function storageKey(userId: number): string {
  return `WP_DATA_USER_${userId}`;
}

export function readChoices(storage: Storage, userId: number): CheckoutChoices {
  try {
    const data = JSON.parse(storage.getItem(storageKey(userId)) ?? "{}") as Record<string, unknown>;
    const choices = data[CHECKOUT_STORE];
    if (!choices || typeof choices !== "object") return {};
    const { paymentMethod, shippingMethod } = choices as Record<string, unknown>;
    return {
      ...(typeof paymentMethod === "string" ? { paymentMethod } : {}),
      ...(typeof shippingMethod === "string" ? { shippingMethod } : {}),
    };
  } catch {
    return {};
  }
}

export function saveChoices(storage: Storage, userId: number, choices: CheckoutChoices): void {
  try {
    const data = JSON.parse(storage.getItem(storageKey(userId)) ?? "{}") as Record<string, unknown>;
    const current = (data[CHECKOUT_STORE] as CheckoutChoices | undefined) ?? {};
    storage.setItem(
      storageKey(userId),
      JSON.stringify({ ...data, [CHECKOUT_STORE]: { ...current, ...choices } }),
    );
  } catch {
    // Storage blocked or full: the choice is simply not remembered.
  }
}

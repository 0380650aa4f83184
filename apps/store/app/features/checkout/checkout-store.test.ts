import { describe, expect, it } from "vitest";
import { readChoices, saveChoices, storageKey } from "./checkout-store.ts";

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe("the checkout store's persisted choices", () => {
  it("keeps choices per user under WP_DATA_USER_{id}, beside other stores' data", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(storageKey(0)).toBe("WP_DATA_USER_0");
    storage.setItem("WP_DATA_USER_0", JSON.stringify({ "core/preferences": { a: 1 } }));
    saveChoices(storage, 0, { paymentMethod: "bacs" });
    saveChoices(storage, 0, { shippingMethod: "local_pickup" });
    expect(readChoices(storage, 0)).toEqual({ paymentMethod: "bacs", shippingMethod: "local_pickup" });
    expect(JSON.parse(storage.getItem("WP_DATA_USER_0")!)["core/preferences"]).toEqual({ a: 1 });
    expect(readChoices(storage, 7)).toEqual({});
  });

  it.each([
    "not json",
    "[]",
    '{"vitrine/store/checkout": 5}',
    '{"vitrine/store/checkout": {"paymentMethod": 1}}',
  ])("tolerates %s", (raw) => {
    const storage = new MemoryStorage() as unknown as Storage;
    storage.setItem("WP_DATA_USER_0", raw);
    expect(readChoices(storage, 0)).toEqual({});
  });
});

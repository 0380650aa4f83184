import { afterEach, describe, expect, it, vi } from "vitest";
import { type CartState, cartStore, shownCount } from "./cart-store.ts";

const fragments = { "span.cart-count": '<span class="cart-count" data-count="4">4</span>' };
const base: CartState = { hash: "h", fragments, stale: false, itemsInCart: 4 };

describe("shownCount", () => {
  it.each([
    { case: "current fragments", value: base, server: 1, expected: 4 },
    { case: "stale fragments", value: { ...base, stale: true }, server: 1, expected: 1 },
    { case: "no fragments", value: { ...base, fragments: null }, server: 2, expected: 2 },
    { case: "fragments without a count", value: { ...base, fragments: {} }, server: 3, expected: 3 },
  ])("$case → $expected", ({ value, server, expected }) => {
    expect(shownCount(value, server)).toBe(expected);
  });
});

describe("cartStore", () => {
  afterEach(() => cartStore.reset());

  it("notifies subscribers on a change, and not when nothing changed", () => {
    const listener = vi.fn();
    const unsubscribe = cartStore.subscribe(listener);
    cartStore.update({ hash: "a", fragments });
    expect(listener).toHaveBeenCalledTimes(1);
    cartStore.update({ hash: "a" });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(cartStore.get()).toMatchObject({ hash: "a", fragments });
    expect(cartStore.getServer().fragments).toBeNull();
    unsubscribe();
    cartStore.update({ hash: "b" });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from "vitest";
import {
  countFromFragments,
  decideOnLoad,
  FRAGMENT_LIFETIME_MS,
  isFragmentCacheValid,
  parseStoredCart,
  readCookie,
  type StoredCart,
} from "./fragments-cache.ts";

const now = 1_800_000_000_000;
const miniCart = {
  "div.widget_shopping_cart_content": "<div></div>",
  "span.cart-count": '<span data-count="2">2</span>',
};
const stored = (overrides: Partial<StoredCart> = {}): StoredCart => ({
  hash: "abc",
  fragments: miniCart,
  created: now - 1000,
  ...overrides,
});

describe("isFragmentCacheValid", () => {
  it.each([
    { case: "hash matches, fresh, has the mini-cart", value: stored(), cookie: "abc", valid: true },
    { case: "the cookie hash differs", value: stored(), cookie: "def", valid: false },
    { case: "the cookie is gone but a hash is stored", value: stored(), cookie: "", valid: false },
    { case: "an empty cart stored and no cookie", value: stored({ hash: "" }), cookie: "", valid: true },
    { case: "no stored hash and no cookie", value: stored({ hash: null }), cookie: "", valid: true },
    { case: "no creation time", value: stored({ created: null }), cookie: "abc", valid: false },
    {
      case: "just under 24 hours old",
      value: stored({ created: now - FRAGMENT_LIFETIME_MS + 1 }),
      cookie: "abc",
      valid: true,
    },
    {
      case: "exactly 24 hours old",
      value: stored({ created: now - FRAGMENT_LIFETIME_MS }),
      cookie: "abc",
      valid: false,
    },
    {
      case: "older than 24 hours",
      value: stored({ created: now - 2 * FRAGMENT_LIFETIME_MS }),
      cookie: "abc",
      valid: false,
    },
    {
      case: "created in the future (clock moved back)",
      value: stored({ created: now + 60_000 }),
      cookie: "abc",
      valid: false,
    },
    { case: "no fragments", value: stored({ fragments: null }), cookie: "abc", valid: false },
    {
      case: "fragments without the mini-cart",
      value: stored({ fragments: { "span.cart-count": "<span></span>" } }),
      cookie: "abc",
      valid: false,
    },
  ])("$case → $valid", ({ value, cookie, valid }) => {
    expect(isFragmentCacheValid(value, cookie, now)).toBe(valid);
  });
});

describe("decideOnLoad", () => {
  const nothing: StoredCart = { hash: null, fragments: null, created: null };
  it.each([
    {
      case: "valid cache",
      value: stored(),
      cookie: "abc",
      expected: { kind: "use", refreshInMs: FRAGMENT_LIFETIME_MS - 1000 },
    },
    { case: "nothing stored, no cart cookie", value: nothing, cookie: "", expected: { kind: "skip" } },
    { case: "nothing stored, a cart cookie", value: nothing, cookie: "abc", expected: { kind: "refresh" } },
    { case: "stale hash", value: stored({ hash: "old" }), cookie: "abc", expected: { kind: "refresh" } },
    {
      case: "a hash stored, cookie gone (emptied elsewhere)",
      value: stored(),
      cookie: "",
      expected: { kind: "refresh" },
    },
    {
      case: "expired",
      value: stored({ created: now - FRAGMENT_LIFETIME_MS - 1 }),
      cookie: "abc",
      expected: { kind: "refresh" },
    },
  ])("$case → $expected.kind", ({ value, cookie, expected }) => {
    expect(decideOnLoad(value, cookie, now)).toEqual(expected);
  });
});

describe("parseStoredCart", () => {
  it.each([
    {
      case: "everything stored",
      raw: { hash: "h", fragments: JSON.stringify(miniCart), created: "5" },
      expected: { hash: "h", fragments: miniCart, created: 5 },
    },
    {
      case: "nothing stored",
      raw: { hash: null, fragments: null, created: null },
      expected: { hash: null, fragments: null, created: null },
    },
    {
      case: "broken JSON",
      raw: { hash: "h", fragments: "{", created: "x" },
      expected: { hash: "h", fragments: null, created: null },
    },
    {
      case: "not a map of strings",
      raw: { hash: "h", fragments: '{"a":1}', created: "" },
      expected: { hash: "h", fragments: null, created: null },
    },
    {
      case: "an array",
      raw: { hash: "h", fragments: "[]", created: "1" },
      expected: { hash: "h", fragments: null, created: 1 },
    },
  ])("$case", ({ raw, expected }) => {
    expect(parseStoredCart(raw)).toEqual(expected);
  });
});

describe("countFromFragments", () => {
  it.each<{ fragments: Record<string, string> | null; expected: number | null }>([
    { fragments: miniCart, expected: 2 },
    { fragments: { "span.cart-count": '<span class="cart-count" data-count="0">0</span>' }, expected: 0 },
    { fragments: { "div.widget_shopping_cart_content": "<div></div>" }, expected: null },
    { fragments: null, expected: null },
  ])("$expected", ({ fragments, expected }) => {
    expect(countFromFragments(fragments)).toBe(expected);
  });
});

describe("readCookie", () => {
  it.each([
    { cookies: "a=1; woocommerce_cart_hash=abc; b=2", name: "woocommerce_cart_hash", expected: "abc" },
    { cookies: "woocommerce_cart_hash=", name: "woocommerce_cart_hash", expected: "" },
    { cookies: "", name: "woocommerce_items_in_cart", expected: "" },
    { cookies: "x=%E2%9C%93", name: "x", expected: "✓" },
    { cookies: "x=a=b", name: "x", expected: "a=b" },
  ])("$cookies → $expected", ({ cookies, name, expected }) => {
    expect(readCookie(cookies, name)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { cartClientConfig, endpointUrl, shortHash } from "./cart-config.ts";
import { addOutcome, cartPanelKind, revealPlan } from "./cart-rules.ts";

const fragments = { "div.widget_shopping_cart_content": "<div></div>" };

describe("addOutcome", () => {
  const no = { cart_redirect_after_add: "no" as const, cart_url: "/cart" };
  const yes = { cart_redirect_after_add: "yes" as const, cart_url: "/cart" };
  it.each([
    {
      case: "error with product_url",
      answer: { error: true, product_url: "http://x/product/a" },
      settings: no,
      expected: { kind: "go", url: "http://x/product/a" },
    },
    {
      case: "error with product_url beats the cart redirect",
      answer: { error: true, product_url: "/product/a" },
      settings: yes,
      expected: { kind: "go", url: "/product/a" },
    },
    {
      case: "error without product_url",
      answer: { error: true, product_url: "" },
      settings: no,
      expected: { kind: "refresh" },
    },
    {
      case: "redirect after add",
      answer: { fragments, cart_hash: "h" },
      settings: yes,
      expected: { kind: "go", url: "/cart" },
    },
    {
      case: "fragments",
      answer: { fragments, cart_hash: "h" },
      settings: no,
      expected: { kind: "apply", fragments, hash: "h" },
    },
    { case: "no fragments", answer: { cart_hash: "h" }, settings: no, expected: { kind: "refresh" } },
    { case: "not JSON", answer: "<html>", settings: no, expected: { kind: "refresh" } },
    { case: "null", answer: null, settings: no, expected: { kind: "refresh" } },
  ])("$case", ({ answer, settings, expected }) => {
    expect(addOutcome(answer, settings)).toEqual(expected);
  });
});

describe("revealPlan", () => {
  it.each([
    {
      revealAfterAdd: false,
      offCanvasCart: true,
      viewportWidth: 400,
      otherPopupOpen: false,
      expected: { kind: "none" },
    },
    {
      revealAfterAdd: true,
      offCanvasCart: true,
      viewportWidth: 1280,
      otherPopupOpen: false,
      expected: { kind: "dropdown", delayMs: 0 },
    },
    {
      revealAfterAdd: true,
      offCanvasCart: true,
      viewportWidth: 849,
      otherPopupOpen: false,
      expected: { kind: "drawer", delayMs: 0 },
    },
    {
      revealAfterAdd: true,
      offCanvasCart: true,
      viewportWidth: 850,
      otherPopupOpen: false,
      expected: { kind: "dropdown", delayMs: 0 },
    },
    {
      revealAfterAdd: true,
      offCanvasCart: false,
      viewportWidth: 400,
      otherPopupOpen: false,
      expected: { kind: "dropdown", delayMs: 0 },
    },
    {
      revealAfterAdd: true,
      offCanvasCart: true,
      viewportWidth: 1280,
      otherPopupOpen: true,
      expected: { kind: "dropdown", delayMs: 300 },
    },
    {
      revealAfterAdd: true,
      offCanvasCart: true,
      viewportWidth: 600,
      otherPopupOpen: true,
      expected: { kind: "drawer", delayMs: 300 },
    },
  ])(
    "reveal $revealAfterAdd, off-canvas $offCanvasCart, $viewportWidth px, popup $otherPopupOpen",
    ({ expected, ...input }) => {
      expect(revealPlan(input)).toEqual(expected);
    },
  );

  it.each([
    { offCanvas: true, width: 849, expected: "drawer" },
    { offCanvas: true, width: 1024, expected: "dropdown" },
    { offCanvas: false, width: 320, expected: "dropdown" },
  ])(
    "the cart button opens a $expected at $width px (off-canvas $offCanvas)",
    ({ offCanvas, width, expected }) => {
      expect(cartPanelKind(offCanvas, width)).toBe(expected);
    },
  );
});

describe("cartClientConfig", () => {
  const settings = {
    cart_redirect_after_add: "no" as const,
    cart_reveal_after_add: true,
    off_canvas_cart: true,
    currency: "USD",
  };
  it("keys storage by store, and fragments by store and language", () => {
    const en = cartClientConfig("http://shop.test", "en", settings);
    const es = cartClientConfig("http://shop.test", "es", settings);
    const other = cartClientConfig("http://other.test", "en", settings);
    expect(en.cart_hash_key).toBe(`wc_cart_hash_${shortHash("http://shop.test")}`);
    expect(en.cart_hash_key).toBe(es.cart_hash_key);
    expect(en.fragment_name).not.toBe(es.fragment_name);
    expect(other.cart_hash_key).not.toBe(en.cart_hash_key);
    expect(endpointUrl(en, "add_to_cart")).toBe("/?wc-ajax=add_to_cart");
  });

  it.each([
    { text: "", expected: "811c9dc5" },
    { text: "a", expected: "e40c292c" },
  ])("shortHash($text) = $expected", ({ text, expected }) => {
    expect(shortHash(text)).toBe(expected);
  });
});

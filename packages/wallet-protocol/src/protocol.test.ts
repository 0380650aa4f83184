import { describe, expect, it } from "vitest";
import {
  asWalletMessage,
  connectIframeUrl,
  fromBracketedForm,
  isAllowedWalletOrigin,
  isEncryptedSessionData,
  isSkipCookieSet,
  isValidRedirectUrl,
  minimalSessionRedirectUrl,
  toBracketedFormData,
} from "./index.ts";

describe("wallet message origins", () => {
  const host = "https://pay.example.com";
  it.each([
    ["https://pay.example.com", true],
    // The reference's "host starts with origin" would let this one speak for the wallet.
    ["https://pay.example.co", false],
    ["https://pay.example.com.evil.test", false],
    ["http://pay.example.com", false],
    ["https://pay.example.com:8443", false],
    ["null", false],
    ["", false],
  ])("%s → %s", (origin, allowed) => {
    expect(isAllowedWalletOrigin(origin, host)).toBe(allowed);
  });
  it("matches a host given with a port or a path by its origin", () => {
    expect(isAllowedWalletOrigin("http://127.0.0.1:4100", "http://127.0.0.1:4100/")).toBe(true);
    expect(isAllowedWalletOrigin("http://127.0.0.1:4100", "not a url")).toBe(false);
  });
});

describe("redirect URLs", () => {
  const host = "https://pay.example.com";
  it.each([
    ["https://pay.example.com/checkout/?platform_checkout_key=abc", true],
    ["https://pay.example.com/checkout/", false],
    ["https://pay.example.co/checkout/?platform_checkout_key=abc", false],
    ["javascript:alert(1)//?platform_checkout_key=1", false],
    ["/checkout/?platform_checkout_key=abc", false],
    [42, false],
    [null, false],
  ])("%s → %s", (url, valid) => {
    expect(isValidRedirectUrl(url, host)).toBe(valid);
  });
});

describe("the skip cookie", () => {
  it.each([
    ["skip_wallet=1", true],
    ["a=b; skip_wallet=1; c=d", true],
    ["skip_wallet=10", false],
    ["skip_wallet= 1", false],
    ["skip_wallet=0", false],
    ["sskip_wallet=1", false],
    ["skip_wallet_x=1", false],
    ["", false],
  ])("%j → %s", (cookies, skipped) => {
    expect(isSkipCookieSet(cookies)).toBe(skipped);
  });
});

describe("encrypted session data shape", () => {
  const good = { blog_id: "7", data: { session: "s", iv: "i", hash: "h" } };
  it("needs blog_id, session, iv and hash, all present", () => {
    expect(isEncryptedSessionData(good)).toBe(true);
    expect(isEncryptedSessionData({ ...good, blog_id: "" })).toBe(false);
    expect(isEncryptedSessionData({ ...good, data: { session: "s", iv: "i" } })).toBe(false);
    expect(isEncryptedSessionData(null)).toBe(false);
    expect(isEncryptedSessionData("x")).toBe(false);
  });
});

describe("wallet URLs", () => {
  it("builds the connect iframe and minimal-session addresses", () => {
    const connect = new URL(
      connectIframeUrl({
        walletHost: "http://127.0.0.1:4100",
        testMode: true,
        sourceUrl: "http://shop.test/cart",
        blogId: "1",
        tracksUserIdentity: "anon:abc",
      }),
    );
    expect(connect.origin + connect.pathname).toBe("http://127.0.0.1:4100/connect/");
    expect(Object.fromEntries(connect.searchParams)).toEqual({
      testMode: "1",
      source_url: "http://shop.test/cart",
      blogId: "1",
      tracksUserIdentity: "anon:abc",
    });
    const minimal = new URL(
      minimalSessionRedirectUrl({
        walletHost: "http://127.0.0.1:4100",
        blogId: "1",
        session: "a+b",
        iv: "c",
        hash: "d",
      }),
    );
    expect(minimal.pathname).toBe("/wallet/");
    expect(Object.fromEntries(minimal.searchParams)).toEqual({
      checkout_redirect: "1",
      blog_id: "1",
      session: "a+b",
      iv: "c",
      hash: "d",
    });
  });
});

describe("bracketed form data", () => {
  it("round-trips nested objects", () => {
    const value = { blog_id: "1", data: { session: "s", iv: "i", hash: "h" } };
    const entries = toBracketedFormData("encrypted_data", value);
    expect(entries).toContainEqual(["encrypted_data[data][iv]", "i"]);
    expect(JSON.parse(JSON.stringify(fromBracketedForm(entries, "encrypted_data")))).toEqual(value);
  });
  it.each([
    [[["encrypted_data[__proto__][polluted]", "1"]]],
    [[["encrypted_data[constructor][prototype]", "1"]]],
    [
      [
        ["encrypted_data[a]", "1"],
        ["encrypted_data[a][b]", "2"],
      ],
    ],
    [
      [
        ["encrypted_data[a][b]", "2"],
        ["encrypted_data[a]", "1"],
      ],
    ],
    [[["encrypted_data[]", "1"]]],
    [[["encrypted_data[a]x", "1"]]],
    [[[`encrypted_data${"[a]".repeat(9)}`, "1"]]],
  ] as Array<[Array<[string, string]>]>)("refuses %j", (entries) => {
    expect(fromBracketedForm(entries, "encrypted_data")).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it("answers null when the form has no such field", () => {
    expect(fromBracketedForm([["other", "1"]], "encrypted_data")).toBeNull();
  });
});

describe("message envelopes", () => {
  it("reads { action, value } and nothing else", () => {
    expect(asWalletMessage({ action: "get_is_user_logged_in_success", value: true })).toEqual({
      action: "get_is_user_logged_in_success",
      value: true,
    });
    expect(asWalletMessage("get_is_user_logged_in_success")).toBeNull();
    expect(asWalletMessage({ value: 1 })).toBeNull();
    expect(asWalletMessage(null)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { parseCookies, serializeCookie } from "./cookies.server.ts";
import { createNonce, verifyNonce } from "./nonce.server.ts";
import { safeRedirectPath } from "./redirects.server.ts";

describe("cookies", () => {
  it.each([
    ["a=1; b=2", { a: "1", b: "2" }],
    ["a=%2Fen%2Fes", { a: "/en/es" }],
    ['a="quoted"', { a: "quoted" }],
    ["a=%E0%A4%A; b", { a: "%E0%A4%A" }],
    ["a=1; a=2", { a: "1" }],
    ["", {}],
  ])("parses %j", (header, expected) => {
    expect(parseCookies(header)).toEqual(expected);
  });

  it("serialises with the attributes asked for", () => {
    expect(serializeCookie("s", "a b", { maxAge: 60, httpOnly: true, secure: true })).toBe(
      "s=a%20b; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
  });
});

describe("nonces", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it("verify for the same secret and action, this tick and the previous one", () => {
    const nonce = createNonce("secret", "wp_rest", now);
    expect(verifyNonce("secret", "wp_rest", nonce, now)).toBe(true);
    expect(verifyNonce("secret", "wp_rest", nonce, now + 12 * 3_600_000)).toBe(true);
    expect(verifyNonce("secret", "wp_rest", nonce, now + 36 * 3_600_000)).toBe(false);
    expect(verifyNonce("other", "wp_rest", nonce, now)).toBe(false);
    expect(verifyNonce("secret", "checkout", nonce, now)).toBe(false);
    expect(verifyNonce("secret", "wp_rest", "", now)).toBe(false);
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/product/mug?x=1#reviews", "/product/mug?x=1#reviews"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [undefined, "/"],
  ])("%s → %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });
});

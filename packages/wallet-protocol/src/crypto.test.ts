import { describe, expect, it } from "vitest";
import {
  decryptSessionData,
  deriveWalletKeys,
  encryptSessionData,
  InvalidSessionDataError,
  signWalletRequest,
  verifyWalletRequest,
} from "./crypto.ts";

const keys = deriveWalletKeys("a shared secret of some length");
const payload = { cart: { items: [{ key: "k1", quantity: 2 }] }, email: "ada@example.com", note: "ñ ✓" };

describe("session-data crypto", () => {
  it("round-trips, with a fresh IV each time", () => {
    const one = encryptSessionData(payload, keys);
    const two = encryptSessionData(payload, keys);
    expect(one.iv).not.toBe(two.iv);
    expect(one.session).not.toBe(two.session);
    expect(decryptSessionData(one, keys)).toEqual(payload);
    expect(Buffer.from(one.iv, "base64")).toHaveLength(16);
    expect(one.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  const flip = (text: string, at = 5) =>
    text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  it.each([
    ["session", (s: { session: string; iv: string; hash: string }) => ({ ...s, session: flip(s.session) })],
    ["iv", (s: { session: string; iv: string; hash: string }) => ({ ...s, iv: flip(s.iv) })],
    ["hash", (s: { session: string; iv: string; hash: string }) => ({ ...s, hash: "0".repeat(64) })],
    ["short hash", (s: { session: string; iv: string; hash: string }) => ({ ...s, hash: s.hash.slice(2) })],
    ["not base64", (s: { session: string; iv: string; hash: string }) => ({ ...s, session: "%%%" })],
  ])("refuses a tampered %s", (_name, tamper) => {
    const sealed = encryptSessionData(payload, keys);
    expect(() => decryptSessionData(tamper(sealed), keys)).toThrow(InvalidSessionDataError);
  });

  it("refuses data sealed under another secret", () => {
    const sealed = encryptSessionData(payload, deriveWalletKeys("another shared secret, not ours"));
    expect(() => decryptSessionData(sealed, keys)).toThrow(InvalidSessionDataError);
  });

  it("refuses a secret too short to be one", () => {
    expect(() => deriveWalletKeys("short")).toThrow(RangeError);
  });
});

describe("signed wallet requests", () => {
  const body = JSON.stringify({ payment_id: "pay_12345678" });
  const now = 1_800_000_000_000;
  const timestamp = now / 1000;
  const signature = signWalletRequest(body, timestamp, keys);
  const verify = (overrides: Partial<Parameters<typeof verifyWalletRequest>[0]>) =>
    verifyWalletRequest({ body, timestamp: String(timestamp), signature, keys, now, ...overrides });

  it("accepts its own signature within five minutes", () => {
    expect(verify({})).toEqual({ ok: true });
    expect(verify({ now: now + 299_000 })).toEqual({ ok: true });
  });
  it.each([
    ["an old call", { now: now + 301_000 }, "stale"],
    ["a changed body", { body: body.replace("1234", "9999") }, "bad_signature"],
    ["a forged signature", { signature: "ab".repeat(32) }, "bad_signature"],
    ["no signature", { signature: undefined }, "bad_signature"],
    ["another key", { keys: deriveWalletKeys("another shared secret, not ours") }, "bad_signature"],
    ["a moved timestamp", { timestamp: String(timestamp + 1) }, "bad_signature"],
    ["no timestamp", { timestamp: undefined }, "bad_signature"],
  ])("refuses %s", (_name, overrides, reason) => {
    expect(verify(overrides)).toEqual({ ok: false, reason });
  });
});

import { createHmac, timingSafeEqual } from "node:crypto";

/** A nonce is valid for the 12-hour tick it was made in and the one after (as the platform's are). */
const TICK_MS = 12 * 3_600_000;

export function createNonce(sessionSecret: string, action: string, now = Date.now()): string {
  return digest(sessionSecret, action, Math.ceil(now / TICK_MS));
}

export function verifyNonce(sessionSecret: string, action: string, nonce: string, now = Date.now()): boolean {
  const tick = Math.ceil(now / TICK_MS);
  return [tick, tick - 1].some((t) => {
    const expected = Buffer.from(digest(sessionSecret, action, t));
    const given = Buffer.from(nonce);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function digest(secret: string, action: string, tick: number): string {
  return createHmac("sha256", secret).update(`${tick}|${action}`).digest("hex").slice(0, 10);
}

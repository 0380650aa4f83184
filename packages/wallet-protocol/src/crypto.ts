import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { z } from "zod";

/**
 * The session data the store hands the wallet, sealed with a secret both share (spec §3 "Wallet
 * encrypted session data"): AES-256-CBC with a random 16-byte IV, then HMAC-SHA256 over the IV and
 * the ciphertext (encrypt-then-MAC), checked in constant time before anything is decrypted.
 *
 * - `session`: base64 of the ciphertext of the JSON payload
 * - `iv`: base64 of the 16-byte IV
 * - `hash`: hex HMAC-SHA256, keyed with the MAC key, of the string `iv + session` (both base64)
 *
 * Both keys come from the one shared secret through HKDF-SHA256 with distinct labels, so the
 * encryption key is never used for authentication or the reverse.
 */
export type WalletKeys = { encryption: Buffer; mac: Buffer; signing: Buffer };

const derive = (secret: string, label: string) =>
  Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.from("vitrine-wallet"), label, 32));

export function deriveWalletKeys(secret: string): WalletKeys {
  if (secret.length < 16) throw new RangeError("The wallet's shared secret must be at least 16 characters.");
  return {
    encryption: derive(secret, "vitrine-wallet-enc"),
    mac: derive(secret, "vitrine-wallet-mac"),
    signing: derive(secret, "vitrine-wallet-order"),
  };
}

export type SealedSession = { session: string; iv: string; hash: string };

export class InvalidSessionDataError extends Error {
  constructor() {
    super("Invalid encrypted session data.");
    this.name = "InvalidSessionDataError";
  }
}

const mac = (keys: WalletKeys, iv: string, session: string) =>
  createHmac("sha256", keys.mac)
    .update(iv + session, "utf8")
    .digest();

export function encryptSessionData(payload: unknown, keys: WalletKeys): SealedSession {
  const ivBytes = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", keys.encryption, ivBytes);
  const session = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]).toString(
    "base64",
  );
  const iv = ivBytes.toString("base64");
  return { session, iv, hash: mac(keys, iv, session).toString("hex") };
}

/** The payload of a sealed session; throws {@link InvalidSessionDataError} for anything altered. */
export function decryptSessionData(sealed: SealedSession, keys: WalletKeys): unknown {
  try {
    const given = Buffer.from(sealed.hash, "hex");
    const expected = mac(keys, sealed.iv, sealed.session);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error("hash");
    const ivBytes = Buffer.from(sealed.iv, "base64");
    if (ivBytes.length !== 16) throw new Error("iv");
    const decipher = createDecipheriv("aes-256-cbc", keys.encryption, ivBytes);
    const text = Buffer.concat([
      decipher.update(Buffer.from(sealed.session, "base64")),
      decipher.final(),
    ]).toString("utf8");
    return JSON.parse(text);
  } catch {
    throw new InvalidSessionDataError();
  }
}

/** What the store seals for the wallet: enough to show the cart and to place the paid order. */
export const walletSessionPayloadSchema = z.object({
  blog_id: z.string(),
  /** The store's cart session, so the order is placed from that cart. */
  cart_token: z.string(),
  cart: z.object({
    items: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        quantity: z.number().int().positive(),
        line_total: z.number().int().nonnegative(),
      }),
    ),
    totals: z.object({ subtotal: z.number().int(), total: z.number().int(), currency: z.string() }),
  }),
  customer: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }).partial(),
  store: z.object({ name: z.string(), url: z.string() }),
  attribution: z.record(z.string(), z.string()).nullable(),
  locale: z.string(),
  expires_at: z.number().int(),
});
export type WalletSessionPayload = z.infer<typeof walletSessionPayloadSchema>;

/** Headers of the wallet's signed call to the store. */
export const WALLET_TIMESTAMP_HEADER = "X-Vitrine-Wallet-Timestamp";
export const WALLET_SIGNATURE_HEADER = "X-Vitrine-Wallet-Signature";

/** Hex HMAC-SHA256 of `${timestamp}.${body}` with the signing key: the wallet's call to the store. */
export function signWalletRequest(body: string, timestamp: number, keys: WalletKeys): string {
  return createHmac("sha256", keys.signing).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

export function verifyWalletRequest(options: {
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  keys: WalletKeys;
  now: number;
  toleranceSeconds?: number;
}): { ok: true } | { ok: false; reason: "stale" | "bad_signature" } {
  const timestamp = Number(options.timestamp);
  if (!Number.isInteger(timestamp)) return { ok: false, reason: "bad_signature" };
  if (Math.abs(options.now / 1000 - timestamp) > (options.toleranceSeconds ?? 300)) {
    return { ok: false, reason: "stale" };
  }
  const expected = Buffer.from(signWalletRequest(options.body, timestamp, options.keys), "hex");
  const given = Buffer.from(options.signature ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: "bad_signature" };
}

/** The wallet's call to place a paid order: the sealed session it was given, and its payment. */
export const walletOrderRequestSchema = z.object({
  /** Unique per payment; the store places at most one order per id, so a replay places nothing. */
  payment_id: z.string().min(8).max(100),
  blog_id: z.string().max(100),
  session: z.object({ session: z.string().max(200_000), iv: z.string().max(100), hash: z.string().max(200) }),
  /** Minor units of `currency`, as the store's totals are. */
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  payer_email: z.string().email().max(254),
});
export type WalletOrderRequest = z.infer<typeof walletOrderRequestSchema>;

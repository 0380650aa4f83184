import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A download's link (issue 43, decision 0075): `/download/{order}/{permission}/{signature}`, the
 * signature an HMAC-SHA256 of the order and the permission (one order line's one file) under a key
 * drawn from the store's session secret, the secret its session cookies and nonces are signed with
 * (SESSION_SECRET, or the one kept in the data folder). The key is derived for this one use, so a
 * download signature is never valid as anything else the store signs.
 */

export const DOWNLOAD_PATH = "/download/";

function linkKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("vitrine:download-links:v1").digest();
}

function signature(secret: string, orderId: number, permissionId: number): string {
  return createHmac("sha256", linkKey(secret)).update(`${orderId}.${permissionId}`).digest("base64url");
}

/** The path of a permission's link (to be put after the store's public origin in a mail). */
export function downloadPath(secret: string, orderId: number, permissionId: number): string {
  return `${DOWNLOAD_PATH}${orderId}/${permissionId}/${signature(secret, orderId, permissionId)}`;
}

/** Whether `given` is the signature of this order's permission (compared in constant time). */
export function verifyDownloadSignature(
  secret: string,
  orderId: number,
  permissionId: number,
  given: string,
): boolean {
  const expected = Buffer.from(signature(secret, orderId, permissionId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Encrypted session data as the store hands it out (spec §3): the store's id and the sealed payload. */
export type EncryptedSessionData = { blog_id: string; data: { session: string; iv: string; hash: string } };

const filled = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** Spec §5: valid only when blog_id, data.session, data.iv and data.hash are all present. */
export function isEncryptedSessionData(value: unknown): value is EncryptedSessionData {
  if (!value || typeof value !== "object") return false;
  const { blog_id, data } = value as { blog_id?: unknown; data?: unknown };
  if (!filled(blog_id) || !data || typeof data !== "object") return false;
  const { session, iv, hash } = data as Record<string, unknown>;
  return filled(session) && filled(iv) && filled(hash);
}

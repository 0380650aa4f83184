/**
 * The visitor-tracking cookies' format, as the tools in the wild parse it: `key=value` pairs joined by
 * `|||`, each value URL-encoded, `(none)` for a missing value.
 */
export const NONE = "(none)";
const SEPARATOR = "|||";

/** With `base64` on, the whole value is Base64 on top (the tracking script's `base64` option). */
export function encodeRecord(record: Record<string, string | number | undefined>, base64 = false): string {
  const plain = Object.entries(record)
    .map(
      ([key, value]) =>
        `${key}=${encodeURIComponent(value === undefined || value === "" ? NONE : String(value))}`,
    )
    .join(SEPARATOR);
  return base64 ? btoa(plain) : plain;
}

export function decodeRecord(raw: string | undefined, base64 = false): Record<string, string> | null {
  if (!raw) return null;
  if (base64) {
    try {
      return decodeRecord(atob(safeDecode(raw)));
    } catch {
      return null;
    }
  }
  // Some writers encode the whole value, separators included; decode that layer first.
  const text = raw.includes("%7C%7C%7C") ? safeDecode(raw) : raw;
  const record: Record<string, string> = {};
  for (const pair of text.split(SEPARATOR)) {
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    record[pair.slice(0, eq)] = safeDecode(pair.slice(eq + 1));
  }
  return Object.keys(record).length > 0 ? record : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

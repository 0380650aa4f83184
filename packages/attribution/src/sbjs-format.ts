/**
 * The visitor-tracking cookies' format, as the `sourcebuster` library writes and reads it: `key=value`
 * pairs joined by `|||`, values as they came (query values undecoded), the whole cookie value
 * percent-encoded; `(none)` for a missing value. Reading decodes the cookie, then each value once.
 */
export const NONE = "(none)";
const SEPARATOR = "|||";

/** The library's `encodeData`: encodeURIComponent, and `!~*'()` escaped too. */
function encodeData(text: string): string {
  return encodeURIComponent(text).replace(
    /[!~*'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The library's `decodeData`: percent-decoding (`+` stays `+`), with `unescape` for malformed input. */
export function decodeData(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    try {
      return unescape(text);
    } catch {
      return "";
    }
  }
}

/** With `base64` on, the whole value is Base64 of the pairs (the tracking script's `base64` option). */
export function encodeRecord(record: Record<string, string | number | undefined>, base64 = false): string {
  const value = (v: string | number | undefined) => (v === undefined ? NONE : String(v));
  if (base64) {
    return btoa(
      Object.entries(record)
        .map(([key, v]) => `${key}=${encodeURIComponent(value(v) === "" ? NONE : value(v))}`)
        .join(SEPARATOR),
    );
  }
  return encodeData(
    Object.entries(record)
      .map(([key, v]) => `${key}=${value(v)}`)
      .join(SEPARATOR),
  );
}

export function decodeRecord(raw: string | undefined, base64 = false): Record<string, string> | null {
  if (!raw) return null;
  if (base64) {
    try {
      return decodeRecord(atob(decodeData(raw)));
    } catch {
      return null;
    }
  }
  // The library encodes the whole value, so no "=" is left plain; older cookies of this store
  // encoded each value only, and keep their "=" signs.
  const text = raw.includes("=") ? raw : decodeData(raw);
  const record: Record<string, string> = {};
  for (const pair of text.split(SEPARATOR)) {
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    record[pair.slice(0, eq)] = decodeData(pair.slice(eq + 1));
  }
  return Object.keys(record).length > 0 ? record : null;
}

/**
 * The origins a photo feed's pictures may come from, as the store settings name them: an exact
 * origin (`https://cdn.example.com`, `http://127.0.0.1:8080`) or `https://*.example.com` for any
 * subdomain of a domain of at least two labels (never a whole top-level domain like `*.com`).
 */
const exactOrigin = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
const anySubdomain = /^https:\/\/\*((\.[a-z0-9-]+){2,})$/i;

export function isMediaOriginPattern(pattern: string): boolean {
  if (anySubdomain.test(pattern)) return true;
  if (!exactOrigin.test(pattern)) return false;
  try {
    new URL(pattern);
    return true;
  } catch {
    // A port past 65535.
    return false;
  }
}

/** True when the picture at `url` comes from the origin, or a subdomain, that `pattern` names. */
export function matchesMediaOrigin(url: URL, pattern: string): boolean {
  const wildcard = anySubdomain.exec(pattern);
  if (wildcard) {
    const domain = wildcard[1]!.toLowerCase();
    return url.protocol === "https:" && url.port === "" && url.hostname.endsWith(domain);
  }
  return isMediaOriginPattern(pattern) && new URL(pattern).origin === url.origin;
}

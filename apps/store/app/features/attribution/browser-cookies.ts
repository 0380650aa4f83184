import { type CookieJar, type CookieWrite, cookieDomain } from "@vitrine/attribution";

export function readCookies(): CookieJar {
  const jar: CookieJar = {};
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) jar[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return jar;
}

/**
 * Path `/`, on the site's domain without `www.` as the tracking library writes it (host-only on an IP
 * address or `localhost`); `minutes: null` makes a browser-session cookie. A deletion also removes a
 * host-only copy an older version of the store may have left.
 */
export function writeCookie({ name, value, minutes }: CookieWrite): void {
  const domain = cookieDomain(window.location.hostname);
  const expiry =
    minutes === null
      ? ""
      : minutes < 0
        ? "; Max-Age=0"
        : `; Expires=${new Date(Date.now() + minutes * 60_000).toUTCString()}`;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const scopes =
    domain === null
      ? [""]
      : minutes !== null && minutes < 0
        ? [`; Domain=${domain}`, ""]
        : [`; Domain=${domain}`];
  for (const scope of scopes) {
    // biome-ignore lint/suspicious/noDocumentCookie: the tracking cookies are set in the browser by design.
    document.cookie = `${name}=${value}; Path=/${scope}${expiry}; SameSite=Lax${secure}`;
  }
}

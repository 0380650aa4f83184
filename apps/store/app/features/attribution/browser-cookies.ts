import type { CookieJar, CookieWrite } from "@vitrine/attribution";

export function readCookies(): CookieJar {
  const jar: CookieJar = {};
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) jar[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return jar;
}

/** Path `/`, on the site's own host; `minutes: null` makes a browser-session cookie. */
export function writeCookie({ name, value, minutes }: CookieWrite): void {
  const expiry =
    minutes === null
      ? ""
      : minutes < 0
        ? "; Max-Age=0"
        : `; Expires=${new Date(Date.now() + minutes * 60_000).toUTCString()}`;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the tracking cookies are set in the browser by design.
  document.cookie = `${name}=${value}; Path=/${expiry}; SameSite=Lax${secure}`;
}

/**
 * Traffic-source rules exactly as the `sourcebuster` library (which WooCommerce ships) applies them,
 * so that the store's records equal the ones its script would write (docs/decisions/0013).
 */

/** The built-in search engines after Google and Yandex: host, query parameter, the name recorded. */
const engines: Array<{ host: string; param: string; display: string }> = [
  { host: "bing.com", param: "q", display: "bing" },
  { host: "yahoo.com", param: "p", display: "yahoo" },
  { host: "about.com", param: "q", display: "about" },
  { host: "aol.com", param: "q", display: "aol" },
  { host: "ask.com", param: "q", display: "ask" },
  { host: "globososo.com", param: "q", display: "globo" },
  { host: "go.mail.ru", param: "q", display: "go.mail.ru" },
  { host: "rambler.ru", param: "query", display: "rambler" },
  { host: "tut.by", param: "query", display: "tut.by" },
];
/** Referrers recorded under another name. */
const referrals: Array<{ host: string; display: string }> = [
  { host: "t.co", display: "twitter.com" },
  { host: "plus.url.google.com", display: "plus.google.com" },
];

const escapeRegExp = (text: string) => text.replace(/[-[\]/{}()*+?.\\^$|]/g, "\\$&");
/** The host itself or any subdomain of it. */
const onHost = (host: string) => new RegExp(`^(?:.*\\.)?${escapeRegExp(host)}$`, "i");
/** A query that has `name=` anywhere in it (the library's test: `bing.com` with `aq=` counts too). */
const hasParam = (query: string, name: string) => new RegExp(`.*${escapeRegExp(name)}=.*`, "i").test(query);
const YANDEX = /^(?:.*\.)?yandex\..{2,9}$/;
const GOOGLE = /^(?:www\.)?google\..{2,9}$/;

/** The host with its first `www.` taken out, wherever it stands (the library's `getHost`). */
export function bareHost(host: string): string {
  return host.replace("www.", "");
}

/**
 * The domain the tracking cookies are written on: the page's host without `www.`, so that
 * `www.shop.example` and `shop.example` share one record. Null (a host-only cookie) for an IP address
 * or a single-label host such as `localhost`, where a `Domain` attribute is refused.
 */
export function cookieDomain(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":") || host.startsWith("[")) return null;
  const domain = bareHost(host);
  return domain.includes(".") ? domain : null;
}

/** Whether the referrer is outside the site (neither its domain nor a subdomain of it). */
export function isExternal(referrer: URL, siteHostname: string): boolean {
  return !onHost(bareHost(siteHostname.toLowerCase())).test(bareHost(referrer.hostname));
}

/** The engine's name when the referrer is a search engine's page, else null. */
export function organicSource(referrer: URL, siteHostname: string): string | null {
  if (!isExternal(referrer, siteHostname)) return null;
  const host = referrer.hostname;
  const query = referrer.search.slice(1);
  if (query && YANDEX.test(host) && hasParam(query, "text")) return "yandex";
  if (GOOGLE.test(host)) return "google";
  if (!query) return null;
  const engine = engines.find(
    (candidate) => onHost(candidate.host).test(host) && hasParam(query, candidate.param),
  );
  return engine?.display ?? null;
}

/** The referral's source: a known referrer's name, else its host without `www.`. */
export function referralSource(referrer: URL): string {
  const known = referrals.find((candidate) => onHost(candidate.host).test(referrer.hostname));
  return known?.display ?? bareHost(referrer.hostname);
}

/** Whether a campaign's referrer is Yandex, whose `text` parameter then gives the campaign's term. */
export function isYandex(referrer: URL): boolean {
  return /^(?:.*\.)?yandex\..{2,9}$/i.test(referrer.hostname);
}

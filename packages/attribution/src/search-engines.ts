/** Search engines recognised by host and query parameter (the built-in list of the tracking script). */
const engines: Array<{ host: string; param: string; name?: string }> = [
  { host: "bing.com", param: "q" },
  { host: "yahoo.com", param: "p" },
  { host: "about.com", param: "q" },
  { host: "aol.com", param: "q" },
  { host: "ask.com", param: "q" },
  { host: "globososo.com", param: "q", name: "globo" },
  { host: "go.mail.ru", param: "q" },
  { host: "rambler.ru", param: "query" },
  { host: "tut.by", param: "query" },
];

const withoutWww = (host: string) => host.replace(/^www\./, "");
const isOrSubdomainOf = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The engine's name when the referrer is a search engine's results page, else null. */
export function organicSource(referrer: URL): string | null {
  const host = withoutWww(referrer.hostname.toLowerCase());
  // Any google.<tld>, e.g. google.com, google.co.uk, news.google.de.
  if (/(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host)) return "google";
  if (/(^|\.)yandex\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host) && referrer.searchParams.has("text"))
    return "yandex";
  for (const engine of engines) {
    if (isOrSubdomainOf(host, engine.host) && referrer.searchParams.has(engine.param)) {
      return engine.name ?? engine.host.split(".")[0]!;
    }
  }
  return null;
}

/** The site's own host and its subdomains are internal traffic; `www.` is ignored on both sides. */
export function isExternal(referrer: URL, siteHost: string): boolean {
  const host = withoutWww(referrer.hostname.toLowerCase());
  const site = withoutWww(siteHost.toLowerCase().replace(/:\d+$/, ""));
  return !isOrSubdomainOf(host, site);
}

/** The referral source: the referrer's host without `www.`; `t.co` links count as twitter.com. */
export function referralSource(referrer: URL): string {
  const host = withoutWww(referrer.hostname.toLowerCase());
  return host === "t.co" ? "twitter.com" : host;
}

/** The wallet's origin (`scheme://host[:port]`) from a configured host URL, or null if it is not one. */
export function walletOrigin(walletHost: string): string | null {
  try {
    const url = new URL(walletHost);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a message came from the wallet: its origin must equal the wallet host's origin exactly.
 * The reference checks that the host "starts with" the origin, which lets `https://pay.example.co`
 * speak for `https://pay.example.com`; this does not.
 */
export function isAllowedWalletOrigin(messageOrigin: string, walletHost: string): boolean {
  const expected = walletOrigin(walletHost);
  return expected !== null && messageOrigin === expected;
}

/** Spec §5: a redirect URL is followed only on the wallet's own origin and with `platform_checkout_key`. */
export function isValidRedirectUrl(url: unknown, walletHost: string): boolean {
  if (typeof url !== "string") return false;
  try {
    const parsed = new URL(url);
    return parsed.origin === walletOrigin(walletHost) && parsed.searchParams.has("platform_checkout_key");
  } catch {
    return false;
  }
}

/** The cookie that turns direct checkout off for this browser (spec §4, step 1). */
export const WALLET_SKIP_COOKIE = "skip_wallet";

/**
 * Whether the skip cookie is set to exactly "1" (spec §5): `10`, ` 1` or a cookie merely ending
 * in the name (`sskip_wallet`) do not count.
 */
export function isSkipCookieSet(cookieHeader: string, name: string = WALLET_SKIP_COOKIE): boolean {
  return cookieHeader.split(";").some((pair) => {
    const at = pair.indexOf("=");
    if (at < 0) return false;
    return pair.slice(0, at).trim() === name && pair.slice(at + 1) === "1";
  });
}

/** `{wallet_host}/connect/?testMode&source_url&blogId[&tracksUserIdentity]` (spec §2). */
export function connectIframeUrl(options: {
  walletHost: string;
  testMode: boolean;
  sourceUrl: string;
  blogId: string;
  tracksUserIdentity?: string | undefined;
}): string {
  const url = new URL("/connect/", walletOrigin(options.walletHost) ?? options.walletHost);
  url.searchParams.set("testMode", options.testMode ? "1" : "0");
  url.searchParams.set("source_url", options.sourceUrl);
  url.searchParams.set("blogId", options.blogId);
  if (options.tracksUserIdentity) url.searchParams.set("tracksUserIdentity", options.tracksUserIdentity);
  return url.toString();
}

/** `{wallet_host}/wallet/?checkout_redirect=1&blog_id&session&iv&hash`: the minimal-session redirect. */
export function minimalSessionRedirectUrl(options: {
  walletHost: string;
  blogId: string;
  session: string;
  iv: string;
  hash: string;
}): string {
  const url = new URL("/wallet/", walletOrigin(options.walletHost) ?? options.walletHost);
  url.searchParams.set("checkout_redirect", "1");
  url.searchParams.set("blog_id", options.blogId);
  url.searchParams.set("session", options.session);
  url.searchParams.set("iv", options.iv);
  url.searchParams.set("hash", options.hash);
  return url.toString();
}

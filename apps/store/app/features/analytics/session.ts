import { ANALYTICS_SESSION_ID } from "../../lib/analytics.ts";

/**
 * The analytics session: a random id the browser keeps for its tab (session storage, never a
 * cookie), so page views, clicks and a recording's batches can be put together without knowing
 * who the shopper is (decision 0040).
 */
const SESSION_KEY = "vitrine_analytics_session";

export function analyticsSession(): string {
  try {
    const kept = sessionStorage.getItem(SESSION_KEY);
    if (kept && ANALYTICS_SESSION_ID.test(kept)) return kept;
    const made = randomId();
    sessionStorage.setItem(SESSION_KEY, made);
    return made;
  } catch {
    // Storage refused (a privacy mode): one id for this page.
    fallback ??= randomId();
    return fallback;
  }
}

let fallback: string | undefined;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Forgets the session (consent withdrawn): the next session is a new one. */
export function forgetAnalyticsSession(): void {
  fallback = undefined;
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Nothing kept.
  }
}

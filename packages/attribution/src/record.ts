import { decodeRecord, NONE } from "./sbjs-format.ts";
import { COOKIE_NAMES, type CookieJar } from "./tracker.ts";

export const ATTRIBUTION_FIELDS = [
  "source_type",
  "referrer",
  "utm_campaign",
  "utm_source",
  "utm_medium",
  "utm_content",
  "utm_id",
  "utm_term",
  "utm_source_platform",
  "utm_creative_format",
  "utm_marketing_tactic",
  "session_entry",
  "session_start_time",
  "session_pages",
  "session_count",
  "user_agent",
] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];
export type AttributionRecord = Record<AttributionField, string>;

/** The hidden inputs' prefix on the classic checkout and registration forms. */
export const FIELD_PREFIX = "wc_order_attribution_";

/** The order attribution record the checkout sends, read from the tracking cookies; blank when absent. */
export function attributionRecord(cookies: CookieJar, options: { base64?: boolean } = {}): AttributionRecord {
  const read = (name: string) => decodeRecord(cookies[name], options.base64) ?? {};
  const current = read(COOKIE_NAMES.current);
  const extra = read(COOKIE_NAMES.currentAdd);
  const session = read(COOKIE_NAMES.session);
  const udata = read(COOKIE_NAMES.udata);
  const value = (v: string | undefined) => (v === undefined || v === NONE ? "" : v);
  return {
    source_type: value(current.typ),
    referrer: value(extra.rf),
    utm_campaign: value(current.cmp),
    utm_source: value(current.src),
    utm_medium: value(current.mdm),
    utm_content: value(current.cnt),
    utm_id: value(current.id),
    utm_term: value(current.trm),
    utm_source_platform: value(current.plt),
    utm_creative_format: value(current.fmt),
    utm_marketing_tactic: value(current.tct),
    session_entry: value(extra.ep),
    session_start_time: value(extra.fd),
    session_pages: value(session.pgs),
    session_count: value(udata.vst),
    user_agent: value(udata.uag),
  };
}

/** The blank record sent when tracking is off. */
export function blankRecord(): AttributionRecord {
  return Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, ""])) as AttributionRecord;
}

/**
 * The order's origin as the owner reads it: `Source: Google`, `Organic: Bing`, `Referral: Example.com`,
 * `Direct`, `Web admin`, `Mobile app`, or `Unknown`.
 */
export function originLabel(
  sourceType: string | null | undefined,
  source: string | null | undefined,
): string {
  const name = (source ?? "").replace(/^\((.*)\)$/, "$1");
  const shown = name.charAt(0).toUpperCase() + name.slice(1);
  switch (sourceType) {
    case "utm":
      return `Source: ${shown}`;
    case "organic":
      return `Organic: ${shown}`;
    case "referral":
      return `Referral: ${shown}`;
    case "typein":
      return "Direct";
    case "admin":
      return "Web admin";
    case "mobile_app":
      return "Mobile app";
    default:
      return "Unknown";
  }
}

/** Mobile, Tablet or Desktop, from the user agent. */
export function deviceType(userAgent: string | null | undefined): "Mobile" | "Tablet" | "Desktop" {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) return "Tablet";
  if (/Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return "Mobile";
  return "Desktop";
}

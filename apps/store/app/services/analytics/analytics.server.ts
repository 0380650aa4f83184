import { createHash, randomBytes } from "node:crypto";
import { decodeRecord, deviceType, track } from "@vitrine/attribution";
import { analyticsEvents, analyticsRecordings, analyticsSalts, type Database } from "@vitrine/db";
import { eq, lt, ne } from "drizzle-orm";
import type { AnalyticsBatch, TrackingConfig } from "../../lib/analytics.ts";
import type { ContentSources } from "../../lib/rich-text.ts";
import type { AnalyticsSettings, StoreSettings } from "../../lib/settings-resource.ts";
import { parseCookies } from "../shared/cookies.server.ts";

/**
 * First-party analytics (decision 0040): events from the store's own pages, kept without personal
 * data. A visitor is a hash of the day's salt, the address and the browser; the address is used for
 * that hash only and never stored, and a day's salt is deleted once the day is over, so yesterday's
 * hashes cannot be made again or joined to today's.
 */

/** Each database's salt of the day, once read (a day's salt never changes). */
const salts = new WeakMap<Database, { day: string; salt: string }>();

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The day's salt, made by the first visit of the day (one row per day, whoever writes it first). */
async function saltOf(db: Database, day: string): Promise<string> {
  const known = salts.get(db);
  if (known?.day === day) return known.salt;
  await db
    .insert(analyticsSalts)
    .values({ day, salt: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  salts.set(db, { day, salt: row!.salt });
  return row!.salt;
}

/** The visitor's hash for today: 16 hex digits of SHA-256(salt, address, user agent). */
export async function visitorHash(
  db: Database,
  client: { address: string; userAgent: string },
  now = new Date(),
): Promise<string> {
  const salt = await saltOf(db, utcDay(now));
  return createHash("sha256")
    .update(`${salt}\n${client.address}\n${client.userAgent}`)
    .digest("hex")
    .slice(0, 16);
}

/** Where a visit came from, by the order attribution rules, from its landing address and referrer. */
export function visitOrigin(
  landing: { url: string; referrer: string },
  userAgent: string,
  now: Date,
): { sourceType: string; source: string } | null {
  const { cookies } = track({ cookies: {}, url: landing.url, referrer: landing.referrer, now, userAgent });
  const current = decodeRecord(cookies.sbjs_current);
  if (!current?.typ) return null;
  return { sourceType: current.typ, source: current.src ?? "" };
}

/**
 * Whether a request's events may be kept: the store's analytics are on, and the shopper has allowed
 * statistics where the store asks (the banner), or at least not refused them with Global Privacy
 * Control; the WP Consent API's cookie says what the shopper chose.
 */
/** What a request says of consent to statistics: its `wp_consent_statistics` cookie and `Sec-GPC`. */
export function requestConsent(header: (name: string) => string | undefined): StatisticsConsent {
  return { gpc: header("Sec-GPC") === "1", statistics: parseCookies(header("Cookie")).wp_consent_statistics };
}
export type StatisticsConsent = { gpc: boolean; statistics: string | undefined };

export function analyticsAllowed(
  settings: Pick<StoreSettings, "analytics" | "consent">,
  consent: StatisticsConsent,
): boolean {
  if (!settings.analytics.enabled) return false;
  if (consent.statistics === "allow") return true;
  if (consent.statistics === "deny") return false;
  return !settings.consent.banner && !consent.gpc;
}

/** Keeps one batch of events from a browser. */
export async function recordAnalyticsEvents(
  db: Database,
  batch: AnalyticsBatch,
  client: { address: string; userAgent: string },
  now = new Date(),
): Promise<void> {
  const visitor = await visitorHash(db, client, now);
  const device = deviceType(client.userAgent);
  await db.insert(analyticsEvents).values(
    batch.events.map((event) => {
      const origin = event.landing ? visitOrigin(event.landing, client.userAgent, now) : null;
      return {
        occurredAt: now,
        visitor,
        session: batch.session,
        kind: event.kind,
        path: event.path,
        target: event.target ?? null,
        language: batch.language,
        device,
        sourceType: origin?.sourceType ?? null,
        source: origin?.source ?? null,
      };
    }),
  );
}

export const ANALYTICS_PURGE_INTERVAL_MS = 6 * 3600_000;

/** Deletes what is older than the store keeps (events, recordings) and every past day's salt. */
export async function purgeAnalytics(db: Database, settings: AnalyticsSettings, now = new Date()) {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const events = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.occurredAt, before(settings.retention_days)))
    .returning({ id: analyticsEvents.id });
  const recordings = await db
    .delete(analyticsRecordings)
    .where(lt(analyticsRecordings.receivedAt, before(settings.recording_retention_days)))
    .returning({ id: analyticsRecordings.id });
  await db.delete(analyticsSalts).where(ne(analyticsSalts.day, utcDay(now)));
  return { events: events.length, recordings: recordings.length };
}

/** Google's hosts for GA4 through gtag, as Google lists them for a content security policy. */
const GOOGLE_ANALYTICS_SOURCES = {
  "script-src": ["https://www.googletagmanager.com"],
  "connect-src": [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
  ],
  "img-src": ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
} as const;

/**
 * What the page tells the browser about analytics (`TrackingConfig`), the same for every shopper;
 * with a GA4 measurement id, the page's policy also allows exactly Google's analytics hosts.
 */
export function trackingFor(
  settings: Pick<StoreSettings, "analytics" | "consent">,
  sources: ContentSources,
): TrackingConfig {
  const { analytics } = settings;
  const ga4 = analytics.enabled ? analytics.ga4_measurement_id : "";
  if (ga4)
    for (const [directive, origins] of Object.entries(GOOGLE_ANALYTICS_SOURCES))
      for (const origin of origins) sources[directive as keyof typeof GOOGLE_ANALYTICS_SOURCES].add(origin);
  return {
    banner: settings.consent.banner,
    analytics: analytics.enabled,
    ga4,
    recording: analytics.enabled && analytics.recording.enabled ? analytics.recording.sample_rate : 0,
  };
}

import { analyticsEvents, analyticsRecordings, analyticsSalts } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyContentSources } from "../../lib/rich-text.ts";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import {
  analyticsAllowed,
  purgeAnalytics,
  recordAnalyticsEvents,
  trackingFor,
  visitOrigin,
  visitorHash,
} from "./analytics.server.ts";

const on = parseStoreSettings({ analytics: { enabled: true } });
const withBanner = parseStoreSettings({ analytics: { enabled: true }, consent: { banner: true } });

describe("whether a request's events are kept", () => {
  it.each([
    ["analytics off", parseStoreSettings({}), { gpc: false, statistics: "allow" }, false],
    ["no banner, no signal", on, { gpc: false, statistics: undefined }, true],
    ["no banner, Global Privacy Control", on, { gpc: true, statistics: undefined }, false],
    ["Global Privacy Control, then allowed", on, { gpc: true, statistics: "allow" }, true],
    ["no banner, denied", on, { gpc: false, statistics: "deny" }, false],
    ["banner, not chosen", withBanner, { gpc: false, statistics: undefined }, false],
    ["banner, allowed", withBanner, { gpc: false, statistics: "allow" }, true],
    ["banner, denied", withBanner, { gpc: false, statistics: "deny" }, false],
  ])("%s", (_name, settings, consent, kept) => {
    expect(analyticsAllowed(settings, consent)).toBe(kept);
  });
});

describe("the page's analytics settings", () => {
  it("allow Google's analytics hosts only with a GA4 id and analytics on", () => {
    const plain = emptyContentSources();
    expect(trackingFor(on, plain)).toEqual({ banner: false, analytics: true, ga4: "", recording: 0 });
    expect([...plain["script-src"], ...plain["connect-src"]]).toEqual([]);

    const off = emptyContentSources();
    trackingFor(parseStoreSettings({ analytics: { enabled: false, ga4_measurement_id: "G-ABC1234" } }), off);
    expect([...off["script-src"]]).toEqual([]);

    const google = emptyContentSources();
    const config = trackingFor(
      parseStoreSettings({
        analytics: {
          enabled: true,
          ga4_measurement_id: "G-ABC1234",
          recording: { enabled: true, sample_rate: 25 },
        },
        consent: { banner: true },
      }),
      google,
    );
    expect(config).toEqual({ banner: true, analytics: true, ga4: "G-ABC1234", recording: 25 });
    expect([...google["script-src"]]).toEqual(["https://www.googletagmanager.com"]);
    expect([...google["connect-src"]]).toContain("https://*.google-analytics.com");
  });

  it("refuse a measurement id that is not GA4's", () => {
    expect(
      parseStoreSettings({ analytics: { ga4_measurement_id: "UA-1234-1" } }).analytics.ga4_measurement_id,
    ).toBe("");
  });
});

describe("where a visit came from", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  it.each([
    ["https://shop.example/?utm_source=news&utm_medium=email", "", "utm", "news"],
    ["https://shop.example/", "https://www.google.com/", "organic", "google"],
    ["https://shop.example/", "https://blog.example/post", "referral", "blog.example"],
    ["https://shop.example/", "", "typein", "(direct)"],
  ])("%s from %s", (url, referrer, sourceType, source) => {
    expect(visitOrigin({ url, referrer }, "Mozilla/5.0", now)).toEqual({ sourceType, source });
  });
});

describe.each(await availableDialects())("analytics events on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(analyticsEvents);
    await database.db.delete(analyticsSalts);
    await database.db.delete(analyticsRecordings);
  });
  const shopper = { address: "203.0.113.9", userAgent: "Mozilla/5.0 (iPhone; Mobile)" };

  it("hash a visitor the same way all day and differently the next day, never keeping the address", async () => {
    const { db } = database;
    const morning = await visitorHash(db, shopper, new Date("2026-11-26T08:00:00Z"));
    const evening = await visitorHash(db, shopper, new Date("2026-11-26T22:00:00Z"));
    const other = await visitorHash(
      db,
      { ...shopper, address: "203.0.113.10" },
      new Date("2026-11-26T08:00:00Z"),
    );
    const tomorrow = await visitorHash(db, shopper, new Date("2026-11-27T08:00:00Z"));
    expect(morning).toMatch(/^[0-9a-f]{16}$/);
    expect(evening).toBe(morning);
    expect(other).not.toBe(morning);
    expect(tomorrow).not.toBe(morning);
  });

  it("keep a batch with the visit's origin on the landing page view and nothing personal", async () => {
    const { db } = database;
    await recordAnalyticsEvents(
      db,
      {
        session: "session-aaaaaaaaaaaa",
        language: "es",
        events: [
          {
            kind: "page_view",
            path: "/shop",
            landing: { url: "https://shop.example/shop?utm_source=news", referrer: "" },
          },
          { kind: "affiliate", path: "/shop", target: "https://shop.example/go/partner" },
        ],
      },
      shopper,
      new Date("2026-11-26T09:00:00Z"),
    );
    const rows = await db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));
    expect(
      rows.map(({ kind, path, target, language, device, sourceType, source }) => ({
        kind,
        path,
        target,
        language,
        device,
        sourceType,
        source,
      })),
    ).toEqual([
      {
        kind: "page_view",
        path: "/shop",
        target: null,
        language: "es",
        device: "Mobile",
        sourceType: "utm",
        source: "news",
      },
      {
        kind: "affiliate",
        path: "/shop",
        target: "https://shop.example/go/partner",
        language: "es",
        device: "Mobile",
        sourceType: null,
        source: null,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.9");
  });

  it("purge what is older than the store keeps, and past days' salts", async () => {
    const { db } = database;
    const settings = parseStoreSettings({
      analytics: { retention_days: 10, recording_retention_days: 2 },
    }).analytics;
    const now = new Date("2026-11-26T12:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const event = { visitor: "v", session: "s", kind: "page_view" as const, path: "/" };
    await db.insert(analyticsEvents).values([
      { ...event, occurredAt: daysAgo(11) },
      { ...event, occurredAt: daysAgo(9) },
    ]);
    const batch = { session: "s", visitor: "v", path: "/", events: new Uint8Array([1]), bytes: 1 };
    await db.insert(analyticsRecordings).values([
      { ...batch, seq: 0, receivedAt: daysAgo(3) },
      { ...batch, seq: 1, receivedAt: daysAgo(1) },
    ]);
    await visitorHash(db, shopper, daysAgo(1));
    await visitorHash(db, shopper, now);
    expect(await purgeAnalytics(db, settings, now)).toEqual({ events: 1, recordings: 1 });
    expect((await db.select().from(analyticsSalts)).map((row) => row.day)).toEqual(["2026-11-26"]);
  });
});

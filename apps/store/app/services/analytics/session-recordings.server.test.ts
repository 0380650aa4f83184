import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { analyticsEvents, analyticsRecordings } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  RECORDING_MAX_BATCH_BYTES,
  RECORDING_MAX_COMPRESSED_BYTES,
  RECORDING_MAX_SESSION_BYTES,
} from "../../lib/session-recording.ts";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import {
  keepRecordingBatch,
  RecordingError,
  readBatch,
  recordingAllowed,
  sessionRecordingEvents,
  sessionRecordingSummary,
} from "./session-recordings.server.ts";

const SESSION = "a-session-of-sixteen";
const client = { address: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130" };
const noConsentCookie: { gpc: boolean; statistics: string | undefined } = {
  gpc: false,
  statistics: undefined,
};

/** A store that records every session, without a consent banner, unless told otherwise. */
function recording(patch: { enabled?: boolean; recording?: boolean; banner?: boolean } = {}) {
  return parseStoreSettings({
    analytics: {
      enabled: patch.enabled ?? true,
      recording: { enabled: patch.recording ?? true, sample_rate: 100 },
    },
    consent: { banner: patch.banner ?? false },
  });
}

/** rrweb-like events: a meta event, then clicks, at `start` + 1 s apart. */
function events(start: number, count: number, href = "https://shop.example/") {
  return [
    { type: 4, data: { href, width: 1280, height: 720 }, timestamp: start },
    ...Array.from({ length: count - 1 }, (_, i) => ({
      type: 3,
      data: { source: 2, type: 2, id: i + 1, x: 10, y: 20 },
      timestamp: start + (i + 1) * 1000,
    })),
  ];
}

const gz = (value: unknown) =>
  gzipSync(Buffer.from(typeof value === "string" ? value : JSON.stringify(value)));

async function refusal(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    if (error instanceof RecordingError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the recording rules", () => {
  it.each([
    ["analytics off", recording({ enabled: false }), noConsentCookie, false],
    ["recording off", recording({ recording: false }), noConsentCookie, false],
    ["on, no consent tool", recording(), noConsentCookie, true],
    ["Global Privacy Control, no choice made", recording(), { gpc: true, statistics: undefined }, false],
    ["Global Privacy Control, statistics allowed", recording(), { gpc: true, statistics: "allow" }, true],
    ["the banner, no choice made", recording({ banner: true }), noConsentCookie, false],
    [
      "the banner, statistics allowed",
      recording({ banner: true }),
      { gpc: false, statistics: "allow" },
      true,
    ],
    ["statistics refused", recording(), { gpc: false, statistics: "deny" }, false],
  ])("%s: recorded %s", (_case, settings, consent, allowed) => {
    expect(recordingAllowed(settings, consent)).toBe(allowed);
  });

  it("read a batch only when it is gzip holding a list of events, within the caps", async () => {
    expect(readBatch(gz(events(1_000, 3))).events).toHaveLength(3);
    expect(await refusal(() => readBatch(Buffer.from(JSON.stringify(events(1_000, 3)))))).toEqual({
      status: 400,
      code: "recording_invalid_body",
    });
    expect(await refusal(() => readBatch(gz("not json")))).toMatchObject({ status: 400 });
    expect(await refusal(() => readBatch(gz([])))).toMatchObject({ status: 400 });
    expect(await refusal(() => readBatch(gz({ type: 4, timestamp: 1 })))).toMatchObject({ status: 400 });
    expect(await refusal(() => readBatch(gz([{ type: "4", timestamp: 1 }])))).toMatchObject({ status: 400 });
    expect(await refusal(() => readBatch(gz([{ type: 4, timestamp: 1e20 }])))).toMatchObject({ status: 400 });
    // Cut short: the gzip trailer is missing.
    const whole = gz(events(1_000, 3));
    expect(await refusal(() => readBatch(whole.subarray(0, whole.length - 6)))).toMatchObject({
      status: 400,
    });
  });

  it("refuse a batch too large as sent, and one too large once decompressed (a gzip bomb)", async () => {
    const noise = gzipSync(randomBytes(RECORDING_MAX_COMPRESSED_BYTES), { level: 0 });
    expect(await refusal(() => readBatch(noise))).toEqual({ status: 413, code: "recording_too_large" });

    const padding = "x".repeat(RECORDING_MAX_BATCH_BYTES);
    const bomb = gz([{ type: 5, data: { padding }, timestamp: 1 }]);
    expect(bomb.length).toBeLessThan(RECORDING_MAX_COMPRESSED_BYTES);
    expect(await refusal(() => readBatch(bomb))).toEqual({ status: 413, code: "recording_too_large" });

    const under = gz([
      { type: 5, data: { padding: "x".repeat(RECORDING_MAX_BATCH_BYTES - 100) }, timestamp: 1 },
    ]);
    expect(readBatch(under).bytes).toBeLessThanOrEqual(RECORDING_MAX_BATCH_BYTES);
  });
});

describe.each(await availableDialects())("session recordings on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
  });

  const keep = (
    seq: number,
    body: Uint8Array,
    options: {
      path?: string;
      settings?: ReturnType<typeof recording>;
      consent?: typeof noConsentCookie;
    } = {},
  ) =>
    keepRecordingBatch(database.db, options.settings ?? recording(), {
      query: { session: SESSION, seq, path: options.path ?? "/" },
      body,
      consent: options.consent ?? noConsentCookie,
      client,
    });

  it("keeps a batch as sent, with its decompressed size and the visitor's daily hash", async () => {
    const body = gz(events(1_700_000_000_000, 4));
    expect(await keep(0, body, { path: "/checkout" })).toEqual({ kept: "stored" });
    const [row] = await database.db.select().from(analyticsRecordings);
    expect(row).toMatchObject({ session: SESSION, seq: 0, path: "/checkout" });
    expect(Buffer.from(row!.events).equals(body)).toBe(true);
    expect(row!.bytes).toBe(JSON.stringify(events(1_700_000_000_000, 4)).length);
    expect(row!.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(row)).not.toContain(client.address);
  });

  it("keeps a batch sent twice once: the first stays", async () => {
    expect(await keep(0, gz(events(1_000, 2)))).toEqual({ kept: "stored" });
    expect(await keep(0, gz(events(5_000, 5)))).toEqual({ kept: "duplicate" });
    expect(await keep(1, gz(events(9_000, 1)))).toEqual({ kept: "stored" });
    const rows = await database.db.select().from(analyticsRecordings).orderBy(asc(analyticsRecordings.seq));
    expect(rows.map((row) => row.seq)).toEqual([0, 1]);
    expect((await sessionRecordingEvents(database.db, SESSION))?.length).toBe(3);
  });

  it("keeps nothing when the store does not record, whatever the batch holds", async () => {
    for (const settings of [recording({ enabled: false }), recording({ recording: false })]) {
      expect(await keep(0, gz(events(1_000, 2)), { settings })).toEqual({ kept: "refused" });
      expect(await keep(1, Buffer.from("not even gzip"), { settings })).toEqual({ kept: "refused" });
    }
    expect(await keep(0, gz(events(1_000, 2)), { consent: { gpc: true, statistics: undefined } })).toEqual({
      kept: "refused",
    });
    expect(await database.db.select().from(analyticsRecordings)).toEqual([]);
    expect(await keep(0, gz(events(1_000, 2)), { consent: { gpc: true, statistics: "allow" } })).toEqual({
      kept: "stored",
    });
  });

  it("refuses invalid batches and the back office's pages, and stores nothing of them", async () => {
    expect(await refusal(keep(0, Buffer.from("plain text")))).toEqual({
      status: 400,
      code: "recording_invalid_body",
    });
    expect(await refusal(keep(0, gz(events(1_000, 2)), { path: "/admin/orders" }))).toEqual({
      status: 400,
      code: "recording_invalid_param",
    });
    const bomb = gz([{ type: 5, data: { padding: "x".repeat(RECORDING_MAX_BATCH_BYTES) }, timestamp: 1 }]);
    expect(await refusal(keep(0, bomb))).toEqual({ status: 413, code: "recording_too_large" });
    expect(await database.db.select().from(analyticsRecordings)).toEqual([]);
  });

  it("stops a session's recording growing past its cap", async () => {
    const body = gz(events(1_000, 2));
    await database.db.insert(analyticsRecordings).values({
      session: SESSION,
      seq: 0,
      visitor: "0123456789abcdef",
      path: "/",
      events: body,
      bytes: RECORDING_MAX_SESSION_BYTES - 10,
    });
    expect(await refusal(keep(1, body))).toEqual({ status: 413, code: "recording_session_full" });
    // Another session is not affected.
    expect(
      await keepRecordingBatch(database.db, recording(), {
        query: { session: "another-session-id", seq: 0, path: "/" },
        body,
        consent: noConsentCookie,
        client,
      }),
    ).toEqual({ kept: "stored" });
  });

  it("reads a session's events back in time order, and says when, how long and which pages", async () => {
    expect(await sessionRecordingEvents(database.db, SESSION)).toBeNull();
    expect(await sessionRecordingSummary(database.db, SESSION)).toBeNull();

    const start = Date.UTC(2026, 10, 20, 9, 30);
    // The second page's first batch came in before the first page's last one (sent as it was left).
    await keep(0, gz(events(start, 3)), { path: "/" });
    await keep(1, gz(events(start + 10_000, 2, "https://shop.example/checkout")), { path: "/checkout" });
    await keep(2, gz(events(start + 4_000, 2)), { path: "/" });
    await database.db.insert(analyticsEvents).values([
      { visitor: "v", session: SESSION, kind: "page_view", path: "/", occurredAt: new Date(start) },
      {
        visitor: "v",
        session: SESSION,
        kind: "page_view",
        path: "/cart",
        occurredAt: new Date(start + 6_000),
      },
      {
        visitor: "v",
        session: SESSION,
        kind: "page_view",
        path: "/checkout",
        occurredAt: new Date(start + 9_000),
      },
      {
        visitor: "v",
        session: "someone-else-entirely",
        kind: "page_view",
        path: "/shop",
        occurredAt: new Date(),
      },
    ]);

    const [firstReceived] = (await database.db.select().from(analyticsRecordings))
      .map((row) => row.receivedAt)
      .sort((a, b) => a.getTime() - b.getTime());
    const read = await sessionRecordingEvents(database.db, SESSION);
    expect(read?.map((event) => event.timestamp - start)).toEqual([
      0, 1000, 2000, 4000, 5000, 10_000, 11_000,
    ]);
    expect(await sessionRecordingSummary(database.db, SESSION)).toEqual({
      session: SESSION,
      startedAt: firstReceived!.toISOString(),
      durationMs: 11_000,
      pages: ["/", "/cart", "/checkout"],
      batches: 3,
      events: 7,
    });
  });

  it("skips a damaged stored batch instead of failing the replay", async () => {
    await keep(0, gz(events(1_000, 2)));
    await database.db.insert(analyticsRecordings).values({
      session: SESSION,
      seq: 1,
      visitor: "0123456789abcdef",
      path: "/",
      events: Buffer.from("damaged"),
      bytes: 7,
    });
    expect((await sessionRecordingEvents(database.db, SESSION))?.length).toBe(2);
  });
});

import { gunzipSync } from "node:zlib";
import { analyticsEvents, analyticsRecordings, type Database } from "@vitrine/db";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  RECORDING_MAX_BATCH_BYTES,
  RECORDING_MAX_COMPRESSED_BYTES,
  RECORDING_MAX_SESSION_BYTES,
  type RecordingBatchQuery,
  type RecordingSummary,
  unrecordedPath,
} from "../../lib/session-recording.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { analyticsAllowed, type StatisticsConsent, visitorHash } from "./analytics.server.ts";

/**
 * Session recordings (decision 0041): batches of rrweb events a shopper's browser sends, gzip-
 * compressed, kept as sent once they are known to be what they claim (gzip holding a JSON array of
 * events, within the size caps), and read back in order for the back office's replay.
 */

/** A batch the store does not keep, with the API's status and code. */
export class RecordingError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What rrweb sends: each event has a numeric type and a time; the rest is the replayer's business. */
const rrwebEvents = z
  .array(
    z
      .object({
        type: z.number().int().min(0).max(100),
        // Within what a Date can hold, so a summary's dates are always dates.
        timestamp: z.number().min(0).max(8.64e15),
        data: z.unknown(),
      })
      .passthrough(),
  )
  .min(1);
export type RecordedEvent = z.infer<typeof rrwebEvents>[number];

/** Whether the store records this request's session: analytics allowed and recording on. */
export function recordingAllowed(
  settings: Pick<StoreSettings, "analytics" | "consent">,
  consent: StatisticsConsent,
): boolean {
  return analyticsAllowed(settings, consent) && settings.analytics.recording.enabled;
}

/** The JSON a gzip body holds, refused past `maxBytes` decompressed. */
function gunzipped(body: Uint8Array, maxBytes: number): Buffer {
  if (body.length < 18 || body[0] !== 0x1f || body[1] !== 0x8b)
    throw new RecordingError(400, "recording_invalid_body", "The body is not gzip-compressed.");
  try {
    return gunzipSync(body, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE")
      throw new RecordingError(413, "recording_too_large", "The batch is too large once decompressed.");
    throw new RecordingError(400, "recording_invalid_body", "The body is not valid gzip.");
  }
}

/** The events of one batch, checked. */
export function readBatch(body: Uint8Array): { events: RecordedEvent[]; bytes: number } {
  if (body.length > RECORDING_MAX_COMPRESSED_BYTES)
    throw new RecordingError(413, "recording_too_large", "The batch is too large.");
  const json = gunzipped(body, RECORDING_MAX_BATCH_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString("utf8"));
  } catch {
    throw new RecordingError(400, "recording_invalid_body", "The batch is not valid JSON.");
  }
  const events = rrwebEvents.safeParse(parsed);
  if (!events.success)
    throw new RecordingError(400, "recording_invalid_body", "The batch is not a list of recorded events.");
  return { events: events.data, bytes: json.length };
}

export type KeptBatch = { kept: "stored" | "duplicate" | "refused" };

/**
 * Keeps one batch of a session's recording. Nothing is kept when the store does not record (analytics
 * or recording off, statistics not allowed); a batch the session already has is left as it was, so a
 * batch sent twice is kept once. A session stops growing at `RECORDING_MAX_SESSION_BYTES`.
 */
export async function keepRecordingBatch(
  db: Database,
  settings: Pick<StoreSettings, "analytics" | "consent">,
  batch: {
    query: RecordingBatchQuery;
    body: Uint8Array;
    consent: StatisticsConsent;
    client: { address: string; userAgent: string };
  },
  now = new Date(),
): Promise<KeptBatch> {
  if (!recordingAllowed(settings, batch.consent)) return { kept: "refused" };
  if (unrecordedPath(batch.query.path))
    throw new RecordingError(400, "recording_invalid_param", "The back office is never recorded.");
  const { bytes } = readBatch(batch.body);
  const { session, seq, path } = batch.query;
  const [kept] = await db
    .select({ total: sql<string | null>`sum(${analyticsRecordings.bytes})` })
    .from(analyticsRecordings)
    .where(eq(analyticsRecordings.session, session));
  if (Number(kept?.total ?? 0) + bytes > RECORDING_MAX_SESSION_BYTES)
    throw new RecordingError(
      413,
      "recording_session_full",
      "The session's recording is as long as it may be.",
    );
  const visitor = await visitorHash(db, batch.client, now);
  const stored = await db
    .insert(analyticsRecordings)
    .values({ session, seq, receivedAt: now, visitor, path, events: batch.body, bytes })
    .onConflictDoNothing({ target: [analyticsRecordings.session, analyticsRecordings.seq] })
    .returning({ id: analyticsRecordings.id });
  return { kept: stored.length > 0 ? "stored" : "duplicate" };
}

/** A session's recorded events in the order they happened, or null when it has no recording. */
export async function sessionRecordingEvents(db: Database, session: string): Promise<RecordedEvent[] | null> {
  const rows = await db
    .select({ events: analyticsRecordings.events })
    .from(analyticsRecordings)
    .where(eq(analyticsRecordings.session, session))
    .orderBy(asc(analyticsRecordings.seq));
  if (rows.length === 0) return null;
  const events = rows.flatMap((row) => readStored(row.events));
  // Batches arrive in the order they were sent; a page's last batch (sent as it was left) may be
  // numbered after the next page's first, so the events are put back in time order.
  return events.sort((a, b) => a.timestamp - b.timestamp);
}

/** A stored batch: checked when it came in, read leniently now (a damaged row is skipped, not a 500). */
function readStored(events: Uint8Array): RecordedEvent[] {
  try {
    return readBatch(events).events;
  } catch {
    return [];
  }
}

/** What the replay page says about a session: when, how long, which pages; null without a recording. */
export async function sessionRecordingSummary(
  db: Database,
  session: string,
): Promise<RecordingSummary | null> {
  const events = await sessionRecordingEvents(db, session);
  if (!events || events.length === 0) return null;
  const batches = await db
    .select({ path: analyticsRecordings.path, receivedAt: analyticsRecordings.receivedAt })
    .from(analyticsRecordings)
    .where(eq(analyticsRecordings.session, session))
    .orderBy(asc(analyticsRecordings.seq));
  const views = await db
    .select({ path: analyticsEvents.path })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.session, session), eq(analyticsEvents.kind, "page_view")))
    .orderBy(asc(analyticsEvents.occurredAt), asc(analyticsEvents.id));
  // The date by the store's clock (the first batch's arrival, seconds after the first event), the
  // length by the browser's (its events' times are consistent with one another, not with ours).
  const received = Math.min(...batches.map((batch) => batch.receivedAt.getTime()));
  const first = events[0]!.timestamp;
  const last = events[events.length - 1]!.timestamp;
  return {
    session,
    startedAt: new Date(received).toISOString(),
    durationMs: Math.max(0, last - first),
    pages: [...new Set([...views, ...batches].map((row) => row.path))],
    batches: batches.length,
    events: events.length,
  };
}

import { z } from "zod";
import { ANALYTICS_SESSION_ID } from "./analytics.ts";

/**
 * Session recording (decision 0041): the limits and the batch address shared by the recorder in the
 * browser and the collection endpoint, and the sampling rule.
 */

/** Where the recorder sends its batches: `?session=…&seq=…&path=…`, a gzip-compressed body. */
export const RECORDINGS_URL = "/api/vitrine/v2/analytics/recordings";

/** The recorder sends what it has every this many milliseconds (and when the page is hidden). */
export const RECORDING_FLUSH_MS = 5_000;

/** …or sooner, once a batch's JSON reaches this size, so no batch comes near the server's caps. */
export const RECORDING_BATCH_TARGET_BYTES = 1024 * 1024;

/** …or once it is this large compressed, so that the batch sent as a page is left fits `keepalive`. */
export const RECORDING_BATCH_COMPRESSED_BYTES = 48 * 1024;

/** A batch as sent, gzip-compressed, is refused above this size. */
export const RECORDING_MAX_COMPRESSED_BYTES = 512 * 1024;

/** A batch, once decompressed, is refused above this size. */
export const RECORDING_MAX_BATCH_BYTES = 5 * 1024 * 1024;

/** A session stops being kept once its batches, decompressed, add up to this. */
export const RECORDING_MAX_SESSION_BYTES = 50 * 1024 * 1024;

/** A batch's number in its session, from 0. */
export const RECORDING_MAX_SEQ = 100_000;

/** `fetch` with `keepalive` refuses bodies above 64 KiB (all such requests in flight together). */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

/** The query of a batch's address. */
export const recordingBatchQuery = z
  .object({
    session: z.string().regex(ANALYTICS_SESSION_ID),
    seq: z
      .string()
      .regex(/^\d{1,6}$/)
      .transform(Number)
      .pipe(z.number().max(RECORDING_MAX_SEQ)),
    /** The page the batch was recorded on, without query or fragment. */
    path: z
      .string()
      .max(2000)
      .regex(/^\/[^?#]*$/),
  })
  .strict();
export type RecordingBatchQuery = z.infer<typeof recordingBatchQuery>;

/**
 * Whether a session is recorded: `random` (0 ≤ random < 1) drawn once per session, against the
 * share of sessions the owner records, in percent.
 */
export function sessionSampled(sampleRate: number, random: number): boolean {
  return random * 100 < sampleRate;
}

/** The back office's paths: staff work there with customers' data, and is never recorded. */
export function unrecordedPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** A session's recording summary, as the replay page shows it. */
export type RecordingSummary = {
  session: string;
  /** When the store received the session's first batch (ISO 8601), seconds after it began. */
  startedAt: string;
  /** From the first event to the last, in milliseconds. */
  durationMs: number;
  /** The pages the session viewed, in order, each once. */
  pages: string[];
  batches: number;
  events: number;
};

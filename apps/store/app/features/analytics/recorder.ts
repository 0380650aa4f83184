import { EventType, type eventWithTime, record } from "rrweb";
import { withoutQuery } from "../../lib/analytics.ts";
import {
  KEEPALIVE_MAX_BYTES,
  RECORDING_BATCH_COMPRESSED_BYTES,
  RECORDING_BATCH_TARGET_BYTES,
  RECORDING_FLUSH_MS,
  RECORDING_MAX_BATCH_BYTES,
  RECORDINGS_URL,
  sessionSampled,
  unrecordedPath,
} from "../../lib/session-recording.ts";
import { analyticsSession } from "./session.ts";

/**
 * Session recording (decision 0041), loaded only by the consent gate's dynamic import once the
 * shopper allows statistics and the owner records sessions, so rrweb is in no page's first script.
 *
 * What is recorded: the page's DOM and its changes, clicks, a sampled pointer and scrolling. Never
 * what is typed: every field is masked (a password as eight asterisks whatever its length); hidden
 * fields, the page's REST nonce and frames (the wallet's payment page) are left out; and the text
 * of `<address>` and of anything marked `data-recording-mask` (the e-mail address greeting a
 * signed-in shopper) is masked too.
 */

/** Text the recorder masks: postal addresses, and anything a component marks as the shopper's own. */
export const MASKED_TEXT_SELECTOR = "address, [data-recording-mask]";

/**
 * Elements left out whole (an empty box of their size, no attributes): hidden fields and the page's
 * REST nonce (a signed-in shopper's request tokens), frames, and parts a component marks.
 */
export const BLOCKED_SELECTOR =
  'input[type="hidden"], meta[name="x-vitrine-nonce"], iframe, [data-recording-block]';

const SAMPLED_KEY = "vitrine_recording_sampled";
const SEQ_KEY = "vitrine_recording_seq";

/** `]` as a gzip member: the end of every batch's JSON array, known in advance. */
const CLOSING = new Uint8Array([31, 139, 8, 0, 0, 0, 0, 0, 0, 3, 139, 5, 0, 196, 194, 216, 199, 1, 0, 0, 0]);

/**
 * One batch: its events compressed as they come, each piece a gzip member (`[e1,e2`, `,e3` …), so
 * that when the page is left the batch is already compressed and goes at once: compression is
 * asynchronous and nothing asynchronous finishes once a page is being unloaded. Concatenated gzip
 * members are one gzip stream; with `]` after them the stream holds the batch's JSON array.
 */
type Batch = {
  path: string;
  members: Uint8Array[];
  rawBytes: number;
  compressedBytes: number;
  opened: boolean;
  closed: boolean;
};

/** One page's recording: rrweb running, its events compressed and sent in batches. */
type Recording = {
  session: string;
  stopRecord: () => void;
  stopListening: () => void;
  batch: Batch;
  /** Events' JSON not yet handed to compression (those of the current task). */
  pending: string[];
  /** The compressions, one after another, so a batch's members stay in order. */
  chain: Promise<void>;
};

let current: Recording | undefined;

const newBatch = (path: string): Batch => ({
  path,
  members: [],
  rawBytes: 0,
  compressedBytes: 0,
  opened: false,
  closed: false,
});

/**
 * Starts recording this page if the session is one of the sampled share (decided once per session)
 * and the browser can compress; true when it records.
 */
export function startRecording({ sampleRate }: { sampleRate: number }): boolean {
  if (current) return true;
  if (typeof CompressionStream === "undefined" || unrecordedPath(location.pathname)) return false;
  const session = analyticsSession();
  if (!sampledSession(session, sampleRate)) return false;

  const recording: Recording = {
    session,
    stopRecord: () => {},
    stopListening: () => {},
    batch: newBatch(location.pathname),
    pending: [],
    chain: Promise.resolve(),
  };
  current = recording;
  const stopRecord = record({
    emit: (event: eventWithTime) => buffer(recording, event),
    maskAllInputs: true,
    maskInputFn: (text, element) =>
      (element as HTMLInputElement).type === "password" && text ? "********" : "*".repeat(text.length),
    maskTextSelector: MASKED_TEXT_SELECTOR,
    blockSelector: BLOCKED_SELECTOR,
    recordCanvas: false,
    recordCrossOriginIframes: false,
    collectFonts: false,
    inlineImages: false,
    slimDOMOptions: "all",
    // The pointer at most every 100 ms, scrolling every 150 ms. Every keystroke in a field is kept
    // (masked), so the replay shows the typing; "last" would wait for the field to be left.
    sampling: { mousemove: 100, scroll: 150, media: 800 },
  });
  recording.stopRecord = () => stopRecord?.();

  const timer = window.setInterval(() => rotate(recording, false), RECORDING_FLUSH_MS);
  const hidden = () => {
    if (document.visibilityState === "hidden") rotate(recording, true);
  };
  const leaving = () => rotate(recording, true);
  document.addEventListener("visibilitychange", hidden);
  window.addEventListener("pagehide", leaving);
  recording.stopListening = () => {
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", hidden);
    window.removeEventListener("pagehide", leaving);
  };
  return current === recording;
}

/** Stops recording (consent withdrawn): what is buffered is dropped, and the session's counters too. */
export function stopRecording(): void {
  if (current) halt(current);
  try {
    sessionStorage.removeItem(SAMPLED_KEY);
    sessionStorage.removeItem(SEQ_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Stops this page's recording; the session's batch counter stays, so nothing it sent is overwritten. */
function halt(recording: Recording): void {
  if (current !== recording) return;
  current = undefined;
  recording.stopRecord();
  recording.stopListening();
  recording.pending = [];
  recording.batch.closed = true;
}

/** The store keeps no more of this session (recording off, consent refused, a cap): its other pages stay unrecorded. */
function refused(recording: Recording): void {
  halt(recording);
  try {
    sessionStorage.setItem(SAMPLED_KEY, `${recording.session}:0`);
  } catch {
    // This page has stopped; the next one asks the store again.
  }
}

function buffer(recording: Recording, event: eventWithTime): void {
  if (current !== recording) return;
  const path = location.pathname;
  if (path !== recording.batch.path) {
    // A client-side navigation: the batch so far belongs to the page before.
    seal(recording);
    rotate(recording, false);
    recording.batch.path = path;
    if (unrecordedPath(path)) {
      halt(recording);
      return;
    }
  }
  // A page's address as the store keeps addresses: without its query (an order's key, a search).
  const kept =
    event.type === EventType.Meta
      ? { ...event, data: { ...event.data, href: withoutQuery(event.data.href, location.href) } }
      : event;
  if (recording.pending.length === 0) queueMicrotask(() => seal(recording));
  recording.pending.push(JSON.stringify(kept));
}

/** Hands the events of this task to compression, as the next member of the current batch. */
function seal(recording: Recording): void {
  if (current !== recording || recording.pending.length === 0) return;
  const batch = recording.batch;
  const text = `${batch.opened ? "," : "["}${recording.pending.join(",")}`;
  recording.pending = [];
  batch.opened = true;
  batch.rawBytes += text.length;
  recording.chain = recording.chain.then(async () => {
    const member = await gzip(text);
    if (batch.closed || !member) return;
    batch.members.push(member);
    batch.compressedBytes += member.byteLength;
    // Kept small enough to go with `keepalive` when the page is left; a page's first snapshot, or a
    // busy page, starts a batch of its own.
    if (
      batch.compressedBytes >= RECORDING_BATCH_COMPRESSED_BYTES ||
      batch.rawBytes >= RECORDING_BATCH_TARGET_BYTES
    )
      rotate(recording, false);
  });
}

async function gzip(text: string): Promise<Uint8Array | null> {
  try {
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * Ends the current batch and sends it: at once with what is compressed (`now`, the page is being
 * hidden or left), or once its last member is compressed.
 */
function rotate(recording: Recording, now: boolean): void {
  if (current !== recording) return;
  const batch = recording.batch;
  if (!batch.opened) return;
  recording.batch = newBatch(batch.path);
  if (now) {
    batch.closed = true;
    send(recording, batch);
  } else {
    recording.chain = recording.chain.then(() => {
      batch.closed = true;
      send(recording, batch);
    });
  }
}

/** Sends a batch as the session's next one (synchronously: it may be the page's last act). */
function send(recording: Recording, batch: Batch): void {
  if (batch.members.length === 0) return;
  // More than the server takes decompressed (a huge page's snapshot): this page is not recorded.
  if (batch.rawBytes > RECORDING_MAX_BATCH_BYTES) {
    halt(recording);
    return;
  }
  const body = new Blob([...batch.members, CLOSING] as BlobPart[]);
  const address = `${RECORDINGS_URL}?${new URLSearchParams({
    session: recording.session,
    seq: String(nextSeq(recording.session)),
    path: batch.path,
  })}`;
  const post = (keepalive: boolean) =>
    fetch(address, {
      method: "POST",
      body,
      // Lets the batch sent as the page is left outlive the page; browsers allow 64 KiB in flight.
      keepalive,
      credentials: "same-origin",
      headers: { "Content-Type": "application/octet-stream" },
    });
  const small = body.size <= KEEPALIVE_MAX_BYTES;
  post(small)
    // Other keepalive requests in flight used up the allowance: send it as a plain request.
    .catch((error: unknown) => (small ? post(false) : Promise.reject(error)))
    .then((response) => {
      // 204: the store does not record (anymore, or for this shopper); 4xx: it will keep nothing
      // more. 429: this batch is lost, the next ones may go.
      if (response.status === 204 || (response.status >= 400 && response.status !== 429)) refused(recording);
    })
    // Offline, or the page is gone: this batch is lost, the next ones still go.
    .catch(() => {});
}

/** Whether this session is recorded: drawn on its first page and kept for its other pages. */
function sampledSession(session: string, sampleRate: number): boolean {
  try {
    const kept = sessionStorage.getItem(SAMPLED_KEY);
    const [keptSession, decision] = kept?.split(":") ?? [];
    if (keptSession === session && (decision === "1" || decision === "0")) return decision === "1";
    const drawn = sessionSampled(sampleRate, Math.random());
    sessionStorage.setItem(SAMPLED_KEY, `${session}:${drawn ? "1" : "0"}`);
    return drawn;
  } catch {
    return sessionSampled(sampleRate, Math.random());
  }
}

let fallbackSeq = 0;

/** The session's next batch number: a new page of the same session continues where the last left off. */
function nextSeq(session: string): number {
  try {
    const [keptSession, kept] = sessionStorage.getItem(SEQ_KEY)?.split(":") ?? [];
    const seq = keptSession === session && /^\d+$/.test(kept ?? "") ? Number(kept) : 0;
    sessionStorage.setItem(SEQ_KEY, `${session}:${seq + 1}`);
    return seq;
  } catch {
    return fallbackSeq++;
  }
}

import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { AppContext } from "../context.server.ts";
import { RECORDING_MAX_COMPRESSED_BYTES, recordingBatchQuery } from "../lib/session-recording.ts";
import { requestConsent } from "../services/analytics/analytics.server.ts";
import {
  keepRecordingBatch,
  RecordingError,
  recordingAllowed,
} from "../services/analytics/session-recordings.server.ts";
import { addressBucket } from "../services/shared/client-address.server.ts";

/** A browser sends a batch every 5 s, sooner when a page is busy or left: this is far above that. */
const BATCHES_PER_MINUTE = 120;

/**
 * `POST /api/vitrine/v2/analytics/recordings?session=…&seq=…&path=…` (decision 0041): one batch of a
 * session's recording, its body the gzip-compressed JSON of rrweb events as
 * `application/octet-stream`, same-origin only (the server refuses cross-site posts). 201 when kept,
 * 200 when the session already had that batch; 204, keeping nothing, when the store does not record
 * (analytics or recording off, statistics not allowed); 400, 413, 415 or 429 `{code, message}`.
 * Mounted before the REST router, whose JSON body parser would refuse the body.
 */
export function sessionRecordingsRouter(makeContext: (req: Request, res: Response) => AppContext): Router {
  const router = express.Router();
  // Per process: a limit against a runaway or hostile page, not an account of anyone's use.
  const limiter = new RateLimiterMemory({ points: BATCHES_PER_MINUTE, duration: 60 });
  const fail = (res: Response, status: number, code: string, message: string) =>
    res.status(status).json({ code, message, data: { status } });
  const consentOf = (req: Request) => requestConsent((name) => req.get(name));

  // Refused before the body is read: the store does not record, or this client sends too much.
  const admit = async (req: Request, res: Response, next: NextFunction) => {
    res.set("Cache-Control", "no-store");
    const context = makeContext(req, res);
    if (!recordingAllowed(context.settings, consentOf(req))) return res.status(204).end();
    try {
      await limiter.consume(addressBucket(context.clientAddress));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) return next(error);
      res.set("Retry-After", String(Math.ceil(error.msBeforeNext / 1000)));
      return fail(res, 429, "recording_rate_limited", "Too many recording batches; try again later.");
    }
    if (!req.is("application/octet-stream"))
      return fail(res, 415, "unsupported_media_type", "A batch is sent as application/octet-stream.");
    next();
  };

  router.post(
    "/",
    admit,
    // The body stays compressed: it is checked and kept as it came (no Content-Encoding is taken).
    express.raw({ type: "application/octet-stream", limit: RECORDING_MAX_COMPRESSED_BYTES, inflate: false }),
    async (req, res, next) => {
      const query = recordingBatchQuery.safeParse(req.query);
      if (!query.success) {
        const param = String(query.error.issues[0]?.path[0] ?? "query");
        return fail(res, 400, "recording_invalid_param", `Invalid parameter: ${param}`);
      }
      const context = makeContext(req, res);
      try {
        const { kept } = await keepRecordingBatch(context.db, context.settings, {
          query: query.data,
          body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          consent: consentOf(req),
          client: { address: context.clientAddress, userAgent: req.get("User-Agent") ?? "" },
        });
        if (kept === "refused") return res.status(204).end();
        res.status(kept === "stored" ? 201 : 200).json({ seq: query.data.seq });
      } catch (error) {
        if (error instanceof RecordingError) return fail(res, error.status, error.code, error.message);
        next(error);
      }
    },
  );
  return router;
}

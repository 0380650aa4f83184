import express, { type Request, type Response, type Router } from "express";
import type { AppContext } from "../context.server.ts";
import { analyticsBatchSchema } from "../lib/analytics.ts";
import {
  analyticsAllowed,
  recordAnalyticsEvents,
  requestConsent,
} from "../services/analytics/analytics.server.ts";

/**
 * `POST /api/vitrine/v2/analytics/events` (decision 0040): the analytics client's events, as a
 * beacon (`text/plain`) or a `fetch` (JSON), same-origin only (the server refuses cross-site posts).
 * 202 when kept; 204, keeping nothing, when the store's analytics are off or the request says the
 * shopper has not allowed statistics; 400 `{code, message}` for anything malformed.
 */
export function analyticsCollectRouter(makeContext: (req: Request, res: Response) => AppContext): Router {
  const router = express.Router();
  router.post(
    "/",
    express.text({ type: ["text/plain", "application/json"], limit: "16kb" }),
    async (req, res, next) => {
      res.set("Cache-Control", "no-store");
      let body: unknown;
      try {
        body = JSON.parse(typeof req.body === "string" ? req.body : "");
      } catch {
        res.status(400).json({ code: "invalid_json", message: "The request body is not valid JSON." });
        return;
      }
      const batch = analyticsBatchSchema.safeParse(body);
      if (!batch.success) {
        const issue = batch.error.issues[0];
        res.status(400).json({
          code: "analytics_invalid_event",
          message: `Invalid analytics event: ${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}.`,
        });
        return;
      }
      const context = makeContext(req, res);
      if (
        !analyticsAllowed(
          context.settings,
          requestConsent((name) => req.get(name)),
        )
      ) {
        res.status(204).end();
        return;
      }
      try {
        await recordAnalyticsEvents(context.db, batch.data, {
          address: context.clientAddress,
          userAgent: req.get("User-Agent") ?? "",
        });
        res.status(202).end();
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}

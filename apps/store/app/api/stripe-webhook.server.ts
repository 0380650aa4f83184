import express, { type Request, type Response, type Router } from "express";
import type { AppContext } from "../context.server.ts";
import { receiveStripeWebhook } from "../services/payments/stripe-events.server.ts";

/**
 * `POST /api/vitrine/v2/stripe/webhook`: Stripe's events (issue 42, decision 0073). Mounted before
 * the REST API's JSON parser: the signature is checked over the body's bytes as they came, so the
 * body is read here raw, whatever its type. A server-to-server call with no Origin, which the
 * cross-site refusal lets through. 200 once the event's transaction has committed; 400 for a bad,
 * missing or old signature; 503 while Stripe is not set up; a failure is a 500, and Stripe retries.
 */
export function stripeWebhookRouter(makeContext: (req: Request, res: Response) => AppContext): Router {
  const router = express.Router();
  router.post("/", express.raw({ type: () => true, limit: "1mb" }), async (req, res, next) => {
    try {
      const answer = await receiveStripeWebhook(makeContext(req, res), {
        payload: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: req.get("Stripe-Signature"),
      });
      res.status(answer.status).set("Cache-Control", "no-store").json(answer.body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

import {
  verifyWalletRequest,
  WALLET_SIGNATURE_HEADER,
  WALLET_TIMESTAMP_HEADER,
  walletOrderRequestSchema,
} from "@vitrine/wallet-protocol/crypto";
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { AppContext } from "../context.server.ts";
import { addressSchema } from "../lib/checkout-schema.ts";
import { CheckoutError } from "../services/cart/checkout.server.ts";
import { placeWalletOrder, WalletOrderError, walletKeys } from "../services/cart/wallet.server.ts";

const billingSchema = addressSchema.and(
  z.object({ email: z.string().email().max(254), phone: z.string().max(40).default("") }),
);
const bodySchema = walletOrderRequestSchema.extend({ billing_address: z.unknown() });

const statusOf: Record<string, number> = {
  invalid_session: 400,
  wrong_store: 400,
  amount_mismatch: 409,
  session_expired: 410,
  cart_gone: 409,
  empty_cart: 409,
  not_enough_stock: 409,
};

/**
 * `POST /api/vitrine/v2/wallet/orders`: the reference wallet's (or a real wallet's) server-to-server
 * call that places the order it has been paid for. Signed with the shared secret over the raw body
 * and a timestamp (five minutes either way); the payment id makes a replay place nothing new.
 * Answers 201 `{order_id, order_key, order_received_url}` (200 for a replay), or `{code, message}`.
 */
export function walletOrdersRouter(makeContext: (req: Request, res: Response) => AppContext): Router {
  const router = express.Router();
  router.post("/", express.text({ type: "application/json", limit: "256kb" }), async (req, res, next) => {
    const fail = (status: number, code: string, message: string) =>
      res.status(status).json({ code, message, data: { status } });
    try {
      const context = makeContext(req, res);
      res.setHeader("Cache-Control", "no-store");
      const body = typeof req.body === "string" ? req.body : "";
      const verified = verifyWalletRequest({
        body,
        timestamp: req.get(WALLET_TIMESTAMP_HEADER),
        signature: req.get(WALLET_SIGNATURE_HEADER),
        keys: walletKeys(context.config),
        now: Date.now(),
      });
      if (!verified.ok) {
        context.logger.warn({ reason: verified.reason }, "wallet order call refused");
        return fail(401, `wallet_${verified.reason}`, "The wallet call's signature is not valid.");
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return fail(400, "invalid_json", "The response is not a valid JSON response.");
      }
      const parsed = bodySchema.safeParse(json);
      const billing = billingSchema.safeParse(parsed.success ? parsed.data.billing_address : undefined);
      if (!parsed.success || !billing.success) {
        return fail(400, "rest_invalid_param", "The wallet order call is missing or has invalid fields.");
      }
      const order = await placeWalletOrder(context, { request: parsed.data, billing: billing.data });
      res.status(order.created ? 201 : 200).json({
        order_id: order.id,
        order_key: order.orderKey,
        order_received_url: `${context.config.publicUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`,
      });
    } catch (error) {
      if (error instanceof WalletOrderError || error instanceof CheckoutError) {
        return fail(statusOf[error.code] ?? 400, `wallet_${error.code}`, "The order could not be placed.");
      }
      next(error);
    }
  });
  return router;
}

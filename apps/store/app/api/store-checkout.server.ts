import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { jsonBody } from "../../server/input-guard.server.ts";
import type { AppContext } from "../context.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { addressFields, parseCheckoutForm } from "../lib/checkout-form.ts";
import { AttributionError, cleanAttribution } from "../services/analytics/attribution.server.ts";
import { cartCookies } from "../services/cart/cart-cookies.server.ts";
import { ownerOf } from "../services/cart/cart-session.server.ts";
import {
  CheckoutError,
  type CheckoutErrorCode,
  cartAfterCheckout,
  checkoutCart,
  checkoutErrorNotice,
  checkoutErrorStatus,
} from "../services/cart/checkout.server.ts";
import { verifyNonce } from "../services/shared/nonce.server.ts";

const address = z.record(z.string(), z.unknown()).optional();
const body = z.object({
  billing_address: address,
  shipping_address: address,
  payment_method: z.string().max(40).optional(),
  shipping_method: z.string().max(40).optional(),
  customer_note: z.string().max(2000).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

/**
 * `POST /api/store/v1/checkout`: the block checkout's JSON path onto the same order placement as the
 * classic form. Needs the session's `X-Vitrine-Nonce`; an `Idempotency-Key` header makes retries safe.
 */
export function storeCheckoutRouter(makeContext: (req: Request, res: Response) => AppContext): Router {
  const router = express.Router();
  router.post("/checkout", ...jsonBody("64kb"), async (req, res, next) => {
    try {
      const context = makeContext(req, res);
      const fail = (status: number, code: string, message: string, params?: Record<string, string>) =>
        res.status(status).json({ code, message, data: { status, ...(params ? { params } : {}) } });
      const session = await context.session.get();
      if (!session || !verifyNonce(session.nonceSecret, "wp_rest", req.get("X-Vitrine-Nonce") ?? "")) {
        return fail(403, "woocommerce_rest_missing_nonce", "Missing or invalid nonce.");
      }
      const parsed = body.safeParse(req.body);
      if (!parsed.success)
        return fail(
          400,
          "rest_invalid_param",
          `Invalid parameter: ${String(parsed.error.issues[0]?.path[0])}`,
        );
      let attribution: ReturnType<typeof cleanAttribution>;
      try {
        attribution = cleanAttribution(parsed.data.extensions?.["woocommerce/order-attribution"]);
      } catch (error) {
        if (error instanceof AttributionError)
          return fail(400, "rest_invalid_param", error.message, { [error.field]: error.message });
        throw error;
      }

      const t = createI18n(context.locale).t;
      const fields = flatten(parsed.data);
      // WooCommerce's Store API takes no terms: the block checkout asks for them in the page.
      const order = parseCheckoutForm(fields, { terms: false });
      if (!order.success) {
        const params = Object.fromEntries(
          Object.entries(order.errors).map(([field, key]) => [field, t(key)]),
        );
        return fail(400, "rest_invalid_param", t("checkout.errorSummary"), params);
      }
      const placed = await checkoutCart(context, {
        owner: ownerOf(session),
        sessionId: session.id,
        locale: context.locale,
        order: order.order,
        attempt: req.get("Idempotency-Key"),
        attribution,
      });
      const cart = await cartAfterCheckout(context.cart, placed);
      res.append("Set-Cookie", cartCookies(cart, req.protocol === "https"));
      res.setHeader("Cache-Control", "private, no-store");
      res.json({
        order_id: placed.id,
        order_key: placed.orderKey,
        status: placed.status,
        payment_result: {
          payment_status: "success",
          // Stripe's page for an order paid there (decision 0073), else the order's receipt.
          redirect_url: placed.paymentUrl ?? `/checkout/order-received/${placed.id}?key=${placed.orderKey}`,
        },
      });
    } catch (error) {
      if (error instanceof CheckoutError) {
        const context = makeContext(req, res);
        const t = createI18n(context.locale).t;
        const status = checkoutErrorStatus(error.code);
        const notice = checkoutErrorNotice(error);
        const message = t(notice.key, notice.params);
        const field = checkoutErrorField[error.code];
        res.status(status).json({
          code: storeApiCode[error.code],
          message,
          data: { status, ...(field ? { params: { [field]: message } } : {}) },
        });
        return;
      }
      next(error);
    }
  });
  return router;
}

/** The error codes of the Store API's checkout (the payment method's is WooCommerce's own). */
const storeApiCode: Record<CheckoutErrorCode, string> = {
  empty_cart: "woocommerce_rest_empty_cart",
  coupon_unavailable: "woocommerce_rest_cart_coupon_error",
  not_enough_stock: "woocommerce_rest_not_enough_stock",
  payment_method_unavailable: "woocommerce_rest_checkout_payment_method_disabled",
  payment_unavailable: "woocommerce_rest_checkout_process_payment_error",
  shipping_method_unavailable: "woocommerce_rest_checkout_invalid_shipping_method",
};

/** The request field a checkout error is about, if it is about one. */
const checkoutErrorField: Partial<Record<CheckoutErrorCode, string>> = {
  payment_method_unavailable: "payment_method",
  shipping_method_unavailable: "shipping_method",
};

/** The JSON body as the classic form's field names, so both paths share one schema. */
function flatten(input: z.infer<typeof body>): Record<string, string> {
  const fields: Record<string, string> = {};
  const copy = (prefix: string, value: Record<string, unknown> | undefined, extra: string[]) => {
    for (const name of [...addressFields, ...extra]) {
      const field = value?.[name];
      if (typeof field === "string") fields[`${prefix}_${name}`] = field;
    }
  };
  copy("billing", input.billing_address, ["email", "phone"]);
  const shipping = input.shipping_address;
  if (shipping && Object.keys(shipping).length > 0) {
    fields.ship_to_different_address = "1";
    copy("shipping", shipping, []);
  }
  if (input.payment_method) fields.payment_method = input.payment_method;
  fields.shipping_method = input.shipping_method ?? "flat_rate";
  if (input.customer_note) fields.order_comments = input.customer_note;
  return fields;
}

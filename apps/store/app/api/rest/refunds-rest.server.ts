import { refundInput } from "../../lib/order-resource.ts";
import {
  createRefund,
  type OrderRefund,
  orderExists,
  RefundError,
  refundsOf,
} from "../../services/orders/refunds.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * An order's refunds, in WooCommerce's shape (`wc/v3/orders/<id>/refunds`) with the API's money in
 * cents: `GET /orders/{id}/refunds`, `GET /orders/{id}/refunds/{refund}` and
 * `POST /orders/{id}/refunds` `{amount, reason, line_items: [{id, quantity, refund_total}], api_restock}`.
 * A refund's line items carry negative quantities and totals, as WooCommerce's do. Refunds are not
 * deleted: the money went back to the shopper (decision 0063).
 */

const invalidOrder = () => new rest.RestError(404, "woocommerce_rest_shop_order_invalid_id", "Invalid ID.");

/**
 * The service's refusals as REST errors (amounts in cents, as the API gives them); also a status
 * change to refunded's, whose money goes back the same way (orders-rest.server.ts).
 */
export function refundRestError(error: unknown): unknown {
  if (!(error instanceof RefundError)) return error;
  const { left = 0, lineId = 0 } = error.details;
  switch (error.code) {
    case "not_found":
      return invalidOrder();
    case "refund_not_found":
      return new rest.RestError(404, "woocommerce_rest_invalid_id", "Invalid ID.");
    case "no_amount":
      return new rest.RestError(
        400,
        "woocommerce_rest_invalid_order_refund",
        "Refund amount must be greater than zero.",
        { param: "amount" },
      );
    case "below_lines":
      return new rest.RestError(
        400,
        "rest_refund_below_lines",
        "The refund amount is less than its line items' refund totals.",
        { param: "amount" },
      );
    case "exceeds_order":
      return new rest.RestError(
        400,
        "woocommerce_rest_cannot_create_order_refund",
        `Invalid refund amount: at most ${left} is left to refund.`,
        { param: "amount", left: String(left) },
      );
    case "unknown_line":
      return new rest.RestError(
        400,
        "rest_refund_invalid_line",
        `Line item ${lineId} is not in this order.`,
        {
          param: "line_items",
          line: String(lineId),
        },
      );
    case "exceeds_line":
      return new rest.RestError(
        400,
        "rest_refund_line_exceeds",
        `Line item ${lineId} has less left to refund than asked.`,
        { param: "line_items", line: String(lineId) },
      );
    // The order was paid through Stripe, and its money could not go back that way: nothing is recorded.
    case "gateway_off":
      return new rest.RestError(
        409,
        "vitrine_refund_gateway_off",
        "The order was paid through Stripe, which is switched off: switch it on to refund the payment.",
      );
    case "gateway_refused":
      return new rest.RestError(
        409,
        "vitrine_refund_gateway_refused",
        "Stripe refused the refund; nothing was refunded. See the payment in Stripe's dashboard.",
      );
    case "gateway_unreachable":
      return new rest.RestError(
        502,
        "vitrine_refund_gateway_unreachable",
        "Stripe could not be reached; nothing was refunded. Try again in a moment.",
      );
  }
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw refundRestError(error);
  }
}

/** A refund as WooCommerce answers it. */
export function refundJson(refund: OrderRefund) {
  return {
    id: refund.id,
    date_created: refund.dateCreated,
    date_created_gmt: refund.dateCreated,
    amount: refund.amount,
    reason: refund.reason,
    refunded_by: refund.refundedById,
    refunded_by_name: refund.refundedBy,
    // Whether the money went back through the payment provider (Stripe), as WooCommerce says.
    refunded_payment: refund.gatewayRefundId !== null,
    restocked: refund.restocked,
    line_items: refund.lines.map((line) => ({
      id: line.id,
      refunded_item_id: line.orderLineId,
      name: line.name,
      product_id: line.productId,
      variation_id: line.variationId,
      quantity: -line.quantity,
      total: -line.amount,
    })),
  };
}

const list: rest.Handler = async (context, _caller, req, res) => {
  const orderId = rest.parseId(req);
  const refunds = await refundsOf(context.db, orderId);
  // An order without refunds and an unknown order read alike to the list; tell them apart.
  if (refunds.length === 0 && !(await orderExists(context.db, orderId))) throw invalidOrder();
  res.json(refunds.map(refundJson));
};

const getOne: rest.Handler = async (context, _caller, req, res) => {
  const [refund] = await refundsOf(context.db, rest.parseId(req), rest.parseId(req, "refund"));
  if (!refund) throw refundRestError(new RefundError("refund_not_found"));
  res.json(refundJson(refund));
};

const create: rest.Handler = async (context, caller, req, res) => {
  const orderId = rest.parseId(req);
  const body = rest.parsed(refundInput, req.body, "body");
  const refund = await run(() =>
    createRefund(
      context,
      orderId,
      {
        amount: body.amount,
        reason: body.reason,
        lines: body.line_items.map((line) => ({
          lineId: line.id,
          quantity: line.quantity,
          amount: line.refund_total,
        })),
        restock: body.api_restock ?? body.restock_items ?? true,
      },
      rest.signedIn(caller).userId,
    ),
  );
  res.status(201).json(refundJson(refund));
};

export const refundRoutes: rest.RestRoute[] = [
  { method: "get", path: "/orders/:id/refunds", needs: "admin", handler: list },
  { method: "get", path: "/orders/:id/refunds/:refund", needs: "admin", handler: getOne },
  { method: "post", path: "/orders/:id/refunds", needs: "admin", handler: create },
];

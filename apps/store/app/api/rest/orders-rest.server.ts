import type { AppContext } from "../../context.server.ts";
import {
  type OrderBatchResult,
  orderBatchInput,
  orderListFilters,
  orderNoteInput,
  orderStatusInput,
} from "../../lib/order-resource.ts";
import { listOrders, type OrderNote, orderForAdmin } from "../../services/orders/orders.server.ts";
import {
  addOrderNote,
  changeOrderStatus,
  OrderChangeError,
  resendOrderConfirmation,
} from "../../services/orders/orders-admin.server.ts";
import { RefundError, refundsOf } from "../../services/orders/refunds.server.ts";
import { refundRestError, refundRoutes } from "./refunds-rest.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * The orders, for administrators: `GET /orders` (filters `status`, `origin`, `search`),
 * `GET /orders/{id}` (with its attribution record, origin label, notes, status history and refunds),
 * `PUT /orders/{id}` `{status}`, `POST /orders/batch` `{update: [{id, status}]}`,
 * `POST /orders/{id}/notes` `{note, customer_note}`, `POST /orders/{id}/actions/send-confirmation`,
 * and the refunds (refunds-rest.server.ts).
 */

const invalidId = () => new rest.RestError(404, "woocommerce_rest_shop_order_invalid_id", "Invalid ID.");

/** The service's refusals as REST errors. */
function restError(error: unknown): unknown {
  // A status set to refunded sends the order's money back as a refund does, with its refusals.
  if (error instanceof RefundError) return refundRestError(error);
  if (!(error instanceof OrderChangeError)) return error;
  switch (error.code) {
    case "not_found":
      return invalidId();
    case "invalid_transition": {
      const { from = "", to = "" } = error.details;
      return new rest.RestError(
        409,
        "rest_order_invalid_transition",
        `An order that is ${from} cannot become ${to}.`,
        { from, to },
      );
    }
    case "no_email":
      return new rest.RestError(409, "rest_order_no_email", "The order has no billing email address.");
    case "mail_failed":
      return new rest.RestError(502, "rest_order_mail_failed", "The mail could not be sent.");
  }
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw restError(error);
  }
}

const noteJson = (note: OrderNote) => ({
  id: note.id,
  note: note.note,
  customer_note: note.customerNote,
  author_id: note.authorId,
  author: note.author,
  date_created: note.dateCreated,
});

async function orderJson(context: AppContext, id: number) {
  const [found, refunds] = await Promise.all([orderForAdmin(context.db, id), refundsOf(context.db, id)]);
  if (!found) throw invalidId();
  const {
    lines,
    attribution,
    origin,
    notes,
    statusHistory,
    taxLines,
    couponLines,
    totals: _view,
    ...order
  } = found;
  return {
    ...rest.snakeCaseKeys(order),
    // WooCommerce's line items: each rate's tax of the line, after and before discounts.
    line_items: lines.map(({ taxes, ...line }) => ({
      ...rest.snakeCaseKeys(line),
      taxes: Object.keys({ ...taxes.subtotal, ...taxes.total }).map((rateId) => ({
        id: Number(rateId),
        total: taxes.total[rateId] ?? 0,
        subtotal: taxes.subtotal[rateId] ?? 0,
      })),
    })),
    // WooCommerce's tax and coupon lines, as the order was placed with them.
    tax_lines: taxLines.map((line) => ({
      id: line.id,
      rate_id: line.rateId,
      label: line.label,
      rate_percent: Number(line.rate),
      compound: line.compound,
      tax_total: line.taxTotal,
      shipping_tax_total: line.shippingTaxTotal,
    })),
    coupon_lines: couponLines.map((line) => ({
      id: line.id,
      code: line.code,
      discount: line.discount,
      discount_tax: line.discountTax,
    })),
    // The attribution record keeps the field names it has always had in this API.
    attribution,
    origin,
    notes: notes.map(noteJson),
    status_history: statusHistory.map((change) => ({
      from: change.from,
      to: change.to,
      changed_by_id: change.changedById,
      changed_by: change.changedBy,
      date: change.date,
    })),
    // WooCommerce's order lists its refunds so, their totals negative.
    refunds: refunds.map((refund) => ({ id: refund.id, reason: refund.reason, total: -refund.amount })),
  };
}

const listAll: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const filters = rest.parsed(orderListFilters, req.query, "undefined");
  const page = await listOrders(context.db, list, {
    statuses: filters.status,
    origin: filters.origin,
    search: filters.search,
  });
  rest.sendPage(context, req, res, list, page.total, page.orders.map(rest.snakeCaseKeys));
};

const getOne: rest.Handler = async (context, _caller, req, res) => {
  res.json(await orderJson(context, rest.parseId(req)));
};

const updateStatus: rest.Handler = async (context, caller, req, res) => {
  const id = rest.parseId(req);
  const body = rest.parsed(orderStatusInput, req.body, "body");
  await run(() => changeOrderStatus(context, id, body.status, rest.signedIn(caller).userId));
  res.json(await orderJson(context, id));
};

/**
 * Each order of the batch changed on its own, as WooCommerce's batch does: one refused (a move the
 * rules refuse, an unknown order) is reported in its place and the others still change.
 */
const batch: rest.Handler = async (context, caller, req, res) => {
  const body = rest.parsed(orderBatchInput, req.body, "body");
  const by = rest.signedIn(caller).userId;
  const update: OrderBatchResult[] = [];
  for (const { id, status } of body.update) {
    try {
      const change = await run(() => changeOrderStatus(context, id, status, by));
      update.push({ id, status: change.to });
    } catch (error) {
      if (!(error instanceof rest.RestError)) throw error;
      update.push({
        id,
        error: { code: error.code, message: error.message, data: { status: error.status } },
      });
    }
  }
  res.json({ update });
};

const addNote: rest.Handler = async (context, caller, req, res) => {
  const id = rest.parseId(req);
  const body = rest.parsed(orderNoteInput, req.body, "body");
  const note = await run(() =>
    addOrderNote(
      context,
      id,
      { note: body.note, customerNote: body.customer_note },
      rest.signedIn(caller).userId,
    ),
  );
  res.status(201).json(noteJson(note));
};

const sendConfirmation: rest.Handler = async (context, _caller, req, res) => {
  const { sentTo } = await run(() => resendOrderConfirmation(context, rest.parseId(req)));
  res.json({ sent_to: sentTo });
};

export const orderRoutes: rest.RestRoute[] = [
  { method: "get", path: "/orders", needs: "admin", handler: listAll },
  { method: "post", path: "/orders/batch", needs: "admin", handler: batch },
  ...refundRoutes,
  { method: "get", path: "/orders/:id", needs: "admin", handler: getOne },
  { method: "put", path: "/orders/:id", needs: "admin", handler: updateStatus },
  { method: "post", path: "/orders/:id/notes", needs: "admin", handler: addNote },
  {
    method: "post",
    path: "/orders/:id/actions/send-confirmation",
    needs: "admin",
    handler: sendConfirmation,
  },
];

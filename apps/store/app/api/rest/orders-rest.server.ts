import type { AppContext } from "../../context.server.ts";
import { orderListFilters, orderNoteInput, orderStatusInput } from "../../lib/order-resource.ts";
import { listOrders, type OrderNote, orderForAdmin } from "../../services/orders/orders.server.ts";
import {
  addOrderNote,
  changeOrderStatus,
  OrderChangeError,
  resendOrderConfirmation,
} from "../../services/orders/orders-admin.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * The orders, for administrators: `GET /orders` (filters `status`, `origin`), `GET /orders/{id}`
 * (with its attribution record, origin label, notes and status history), `PUT /orders/{id}`
 * `{status}`, `POST /orders/{id}/notes` `{note, customer_note}` and
 * `POST /orders/{id}/actions/send-confirmation`.
 */

const invalidId = () => new rest.RestError(404, "woocommerce_rest_shop_order_invalid_id", "Invalid ID.");

/** The service's refusals as REST errors. */
function restError(error: unknown): unknown {
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
  const found = await orderForAdmin(context.db, id);
  if (!found) throw invalidId();
  const { lines, attribution, origin, notes, statusHistory, ...order } = found;
  return {
    ...rest.snakeCaseKeys(order),
    line_items: lines.map(rest.snakeCaseKeys),
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
  };
}

const listAll: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const filters = rest.parsed(orderListFilters, req.query, "undefined");
  const page = await listOrders(context.db, list, { statuses: filters.status, origin: filters.origin });
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

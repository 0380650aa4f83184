import { type AppLoadContext, data } from "react-router";
import type { AdminOrderPage } from "../../../lib/order-resource.ts";
import { permissionsOfOrder } from "../../../services/downloads/download-permissions.server.ts";
import { confirmationMailOf } from "../../../services/mail/mail-outbox.server.ts";
import { orderRow } from "../../../services/orders/order-row.server.ts";
import { orderForAdmin } from "../../../services/orders/orders.server.ts";
import { refundsOf } from "../../../services/orders/refunds.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

/** The attribution record's fields, in the order the order page lists them. */
const ATTRIBUTION_FIELDS = [
  "sourceType",
  "referrer",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmContent",
  "utmTerm",
  "utmId",
  "utmSourcePlatform",
  "utmCreativeFormat",
  "utmMarketingTactic",
  "sessionEntry",
  "sessionStartTime",
  "sessionPages",
  "sessionCount",
  "deviceType",
  "userAgent",
] as const;

/** One order for the back office's order page (what `GET /orders/{id}` answers); administrators only. */
export async function loadAdminOrder(context: AppLoadContext, request: Request, id: string | undefined) {
  await requireAdmin(context, request);
  const orderId = Number(id);
  const valid = Number.isInteger(orderId) && orderId > 0 && orderId <= 2_147_483_647;
  const [order, confirmation, refunds, downloads] = valid
    ? await Promise.all([
        orderForAdmin(context.db, orderId),
        confirmationMailOf(context.db, orderId),
        refundsOf(context.db, orderId),
        permissionsOfOrder(context.db, orderId),
      ])
    : [null, null, [], []];
  if (!order) throw data(null, { status: 404 });
  const refundedOf = (lineId: number, part: "quantity" | "amount") =>
    refunds
      .flatMap((refund) => refund.lines)
      .reduce((sum, line) => sum + (line.orderLineId === lineId ? line[part] : 0), 0);
  const record = order.attribution;
  const view: AdminOrderPage = {
    ...orderRow(order),
    subtotal: order.subtotal,
    shippingTotal: order.shippingTotal,
    totals: order.totals,
    paymentMethod: order.paymentMethod,
    shippingMethod: order.shippingMethod,
    billing: order.billing,
    shipping: order.shipping,
    customerNote: order.customerNote,
    stockRestoredAt: order.stockRestoredAt?.toISOString() ?? null,
    lines: order.lines.map(
      ({ id, name, quantity, subtotal, subtotalTax, total, totalTax, attributes, backordered }) => ({
        id,
        name,
        quantity,
        subtotal,
        subtotalTax,
        total: total + totalTax,
        attributes,
        backordered,
        refundedQuantity: refundedOf(id, "quantity"),
        refundedTotal: refundedOf(id, "amount"),
      }),
    ),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      reason: refund.reason,
      restocked: refund.restocked,
      by: refund.refundedBy,
      date: refund.dateCreated.toISOString(),
      lines: refund.lines.map(({ name, quantity, amount }) => ({ name, quantity, amount })),
    })),
    refunded: refunds.reduce((sum, refund) => sum + refund.amount, 0),
    attribution: record
      ? ATTRIBUTION_FIELDS.flatMap((field) => (record[field] ? [{ field, value: record[field] }] : []))
      : [],
    notes: order.notes.map((note) => ({
      id: note.id,
      body: note.note,
      toCustomer: note.customerNote,
      author: note.author,
      date: note.dateCreated.toISOString(),
    })),
    history: order.statusHistory.map((change) => ({
      id: change.id,
      from: change.from,
      to: change.to,
      by: change.changedBy,
      date: change.date.toISOString(),
    })),
    confirmation: confirmation && {
      state: confirmation.state,
      attempts: confirmation.attempts,
      date: confirmation.at.toISOString(),
      error: confirmation.lastError,
    },
  };
  return { order: view, downloads };
}

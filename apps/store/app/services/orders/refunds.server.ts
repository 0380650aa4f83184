import {
  type Database,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
  type Transaction,
  users,
} from "@vitrine/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { OrderStatus } from "../../lib/order-status.ts";
import { restoreOrderStock } from "../catalogue/stock.server.ts";
import { oweRefundMail } from "../mail/owed-mails.server.ts";
import {
  GatewayRefundError,
  type GatewayRefundErrorCode,
  refundAtGateway,
} from "../payments/gateway-refunds.server.ts";
import {
  moveOrderStatus,
  type OrderChangeContext,
  orderChanged,
  withDeadlockRetry,
} from "./order-moves.server.ts";
import { userName } from "./orders.server.ts";

/**
 * An order's refunds (issue 40, decision 0063), as WooCommerce makes them: an amount with a reason,
 * and per line the quantity and the amount given back; the refunded items back into stock when the
 * owner asks. A refund never gives back more than is left (the order's total less its earlier
 * refunds), nor more of a line than is left of it; one that leaves nothing makes the order refunded.
 * Each is one transaction that holds the order's row, so two refunds at once run one after the other
 * and the second sees what the first left. An order paid through a provider (Stripe, issue 42) gets
 * its money back through it in that transaction, before anything is written: a refusal writes
 * nothing (payments/gateway-refunds.server.ts).
 */

export type RefundErrorCode =
  | "not_found"
  | "refund_not_found"
  | "no_amount"
  | "below_lines"
  | "exceeds_order"
  | "unknown_line"
  | "exceeds_line"
  | GatewayRefundErrorCode;

export class RefundError extends Error {
  override name = "RefundError";
  constructor(
    readonly code: RefundErrorCode,
    readonly details: { left?: number; lineId?: number } = {},
  ) {
    super(code);
  }
}

/** One line of a refund: how many of the order line's items and how much of its total go back. */
export type RefundLineInput = { lineId: number; quantity: number; amount: number };

export type RefundInput = {
  /** The refund's total; left out, the lines' amounts. It may be more than they (shipping). */
  amount?: number | undefined;
  reason: string;
  lines: RefundLineInput[];
  /** Whether the lines' refunded items go back into stock. */
  restock: boolean;
};

export type OrderRefund = {
  id: number;
  orderId: number;
  amount: number;
  reason: string;
  restocked: boolean;
  /** The payment provider's refund (Stripe's `re_…`) when the money went back through it. */
  gatewayRefundId: string | null;
  refundedById: number | null;
  /** The name of who refunded (null: the store itself, or a deleted account). */
  refundedBy: string | null;
  dateCreated: Date;
  lines: Array<{
    id: number;
    orderLineId: number;
    name: string;
    productId: number | null;
    variationId: number | null;
    quantity: number;
    amount: number;
  }>;
};

/** What of an order has been refunded so far: the total, and per order line its items and amount. */
async function refundedSoFar(tx: Transaction, orderId: number) {
  // One after the other: they share the transaction's connection.
  const [total] = await tx
    .select({ amount: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  const perLine = await tx
    .select({
      lineId: orderRefundLines.orderLineId,
      quantity: sql<number>`sum(${orderRefundLines.quantity})::int`,
      amount: sql<number>`sum(${orderRefundLines.amount})::int`,
    })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(eq(orderRefunds.orderId, orderId))
    .groupBy(orderRefundLines.orderLineId);
  return { amount: total?.amount ?? 0, lines: new Map(perLine.map((line) => [line.lineId, line])) };
}

const linesOf = (tx: Transaction, orderId: number) =>
  tx
    // What the shopper paid for a line: its total after discounts, with its tax.
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      quantity: orderLines.quantity,
      restocked: orderLines.restockedQuantity,
      total: sql<number>`${orderLines.total} + ${orderLines.totalTax}`.mapWith(Number),
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));

/** The input's lines, one per order line (a line named twice counts once, with both added). */
function mergedLines(lines: readonly RefundLineInput[]): RefundLineInput[] {
  const merged = new Map<number, RefundLineInput>();
  for (const line of lines) {
    const seen = merged.get(line.lineId);
    merged.set(
      line.lineId,
      seen
        ? { lineId: line.lineId, quantity: seen.quantity + line.quantity, amount: seen.amount + line.amount }
        : { ...line },
    );
  }
  return [...merged.values()].filter((line) => line.quantity > 0 || line.amount > 0);
}

/**
 * Refunds `input` of the order, by `by`. Refuses (writing nothing) a refund of nothing, one over what
 * is left of the order or of a line, or one that names a line of another order; for an order paid
 * through a provider, one the provider refuses or cannot be reached for. A refund that leaves
 * nothing to refund makes the order refunded (its history, and the rest of its stock back); the
 * shopper's refund mail is owed, fully or partly refunded, and sent after the answer. The same
 * refund sent twice to the provider (a double click) is recorded once: the second answers the first.
 */
export async function createRefund(
  context: OrderChangeContext,
  orderId: number,
  input: RefundInput,
  by: number | null,
): Promise<OrderRefund> {
  const done = await withDeadlockRetry(() =>
    context.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, orderId);
      if (!order) throw new RefundError("not_found");
      const refunded = await refundedSoFar(tx, orderId);
      const ordered = await linesOf(tx, orderId);
      const lines = mergedLines(input.lines);
      for (const line of lines) {
        const own = ordered.find((each) => each.id === line.lineId);
        if (!own) throw new RefundError("unknown_line", { lineId: line.lineId });
        const before = refunded.lines.get(line.lineId);
        if (
          line.quantity > own.quantity - (before?.quantity ?? 0) ||
          line.amount > own.total - (before?.amount ?? 0)
        )
          throw new RefundError("exceeds_line", { lineId: line.lineId });
      }
      const linesAmount = lines.reduce((sum, line) => sum + line.amount, 0);
      const amount = input.amount ?? linesAmount;
      const left = order.total - refunded.amount;
      if (amount <= 0) throw new RefundError("no_amount", { left });
      if (amount < linesAmount) throw new RefundError("below_lines");
      if (amount > left) throw new RefundError("exceeds_order", { left });

      const content = {
        amount,
        reason: input.reason,
        lines,
        restock: input.restock,
      };
      const sent = await sentBack(context, tx, { orderId, amount, content });
      if (sent) {
        const known = await refundByGatewayId(tx, sent.gatewayRefundId);
        if (known !== null) return { refundId: known, restocked: [], recorded: false };
      }
      const written = await recordRefund(tx, order, left, {
        amount,
        reason: input.reason,
        lines,
        restock: input.restock,
        by,
        gatewayRefundId: sent?.gatewayRefundId ?? null,
      });
      return { ...written, recorded: true };
    }),
  );
  if (done.recorded) orderChanged(context, orderId, done.restocked);
  return (await refundsOf(context.db, orderId, done.refundId))[0]!;
}

/** The order's row, held until the transaction ends: refunds of one order run one after the other. */
async function lockedOrder(tx: Transaction, orderId: number) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return order ?? null;
}

/** The refund a provider's refund id is recorded as, if it is. */
async function refundByGatewayId(tx: Transaction, gatewayRefundId: string): Promise<number | null> {
  const [known] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(eq(orderRefunds.gatewayRefundId, gatewayRefundId));
  return known?.id ?? null;
}

/** The money back through the provider the order was paid with, its refusal a `RefundError`. */
async function sentBack(
  context: OrderChangeContext,
  tx: Transaction,
  refund: { orderId: number; amount: number; content: unknown },
) {
  try {
    return await refundAtGateway(context, tx, refund);
  } catch (error) {
    if (!(error instanceof GatewayRefundError)) throw error;
    context.logger.warn(
      { err: error, orderId: refund.orderId },
      "refund refused or not sent by the provider",
    );
    throw new RefundError(error.code);
  }
}

/**
 * In the order's transaction, its row held and the refund checked (and sent, for an order paid
 * through a provider): the items asked go back, the refund is written, an order with nothing left
 * becomes refunded, and the shopper's mail is owed. Answers the refund and the products restocked.
 */
async function recordRefund(
  tx: Transaction,
  order: { id: number; status: OrderStatus },
  left: number,
  refund: {
    amount: number;
    reason: string;
    lines: RefundLineInput[];
    restock: boolean;
    by: number | null;
    gatewayRefundId: string | null;
  },
): Promise<{ refundId: number; restocked: number[] }> {
  // The items go back first, so the refund records whether any did (none after a cancellation).
  const restocked = new Set(
    refund.restock
      ? await restoreOrderStock(
          tx,
          order.id,
          refund.lines.map((line) => ({ lineId: line.lineId, quantity: line.quantity })),
        )
      : [],
  );
  const refundId = await writeRefund(tx, {
    orderId: order.id,
    amount: refund.amount,
    reason: refund.reason,
    restocked: restocked.size > 0,
    by: refund.by,
    lines: refund.lines,
    gatewayRefundId: refund.gatewayRefundId,
  });
  const full = refund.amount === left;
  if (full && order.status !== "refunded")
    for (const id of await moveOrderStatus(tx, {
      orderId: order.id,
      from: order.status,
      to: "refunded",
      by: refund.by,
    }))
      restocked.add(id);
  await oweRefundMail(tx, { orderId: order.id, refundId, full });
  return { refundId, restocked: [...restocked] };
}

/**
 * In the transaction that handles the provider's word that money went back (a refund made in
 * Stripe's dashboard, `charge.refunded`): records it as a refund of the order, within what is left
 * (none when the order's refunds already count it all), without lines or restock, as WooCommerce
 * records a refund made at the gateway. A refund already recorded (the back office's own) is not
 * recorded again. Answers what was recorded, or null.
 */
export async function recordGatewayRefund(
  tx: Transaction,
  orderId: number,
  refund: { amount: number; gatewayRefundId: string },
): Promise<{ refundId: number; amount: number; restocked: number[] } | null> {
  const order = await lockedOrder(tx, orderId);
  if (!order || (await refundByGatewayId(tx, refund.gatewayRefundId)) !== null) return null;
  const left = order.total - (await refundedSoFar(tx, orderId)).amount;
  const amount = Math.min(refund.amount, left);
  if (amount <= 0) return null;
  const written = await recordRefund(tx, order, left, {
    amount,
    reason: "",
    lines: [],
    restock: false,
    by: null,
    gatewayRefundId: refund.gatewayRefundId,
  });
  return { ...written, amount };
}

async function writeRefund(
  tx: Transaction,
  refund: {
    orderId: number;
    amount: number;
    reason: string;
    restocked: boolean;
    by: number | null;
    lines: RefundLineInput[];
    gatewayRefundId: string | null;
  },
): Promise<number> {
  const [written] = await tx
    .insert(orderRefunds)
    .values({
      orderId: refund.orderId,
      amount: refund.amount,
      reason: refund.reason,
      restocked: refund.restocked,
      refundedBy: refund.by,
      gatewayRefundId: refund.gatewayRefundId,
    })
    .returning({ id: orderRefunds.id });
  if (refund.lines.length > 0)
    await tx.insert(orderRefundLines).values(
      refund.lines.map((line) => ({
        refundId: written!.id,
        orderLineId: line.lineId,
        quantity: line.quantity,
        amount: line.amount,
      })),
    );
  return written!.id;
}

/**
 * In the transaction of a status change to refunded, by hand (WooCommerce does the same): what is
 * left of the order is refunded, each line's rest with it, and the shopper's full refund mail owed;
 * an order paid through a provider gets that money back through it first (its refusal is a
 * `RefundError`, and nothing changes). The status change itself puts the stock back. Nothing left,
 * nothing written.
 */
export async function refundTheRest(
  context: OrderChangeContext,
  tx: Transaction,
  order: { id: number; total: number },
  by: number | null,
): Promise<void> {
  const refunded = await refundedSoFar(tx, order.id);
  const ordered = await linesOf(tx, order.id);
  const left = order.total - refunded.amount;
  if (left <= 0) return;
  // Each line's rest, its amounts within what is left of the order: a refund made without lines
  // gave back money the lines still count as theirs, and a refund's lines never add up to more
  // than it.
  let unassigned = left;
  const lines = ordered
    .map((line) => {
      const amount = Math.min(line.total - (refunded.lines.get(line.id)?.amount ?? 0), unassigned);
      unassigned -= Math.max(amount, 0);
      return {
        lineId: line.id,
        quantity: line.quantity - (refunded.lines.get(line.id)?.quantity ?? 0),
        amount: Math.max(amount, 0),
      };
    })
    .filter((line) => line.quantity > 0 || line.amount > 0);
  const content = { amount: left, rest: true };
  const sent = await sentBack(context, tx, { orderId: order.id, amount: left, content });
  if (sent && (await refundByGatewayId(tx, sent.gatewayRefundId)) !== null) return;
  const refundId = await writeRefund(tx, {
    orderId: order.id,
    amount: left,
    reason: "",
    // The status change puts back what has not gone back yet (`restoreOrderStock`): the refund says
    // whether any does, as a refund's restock does (none after a cancellation).
    restocked: ordered.some((line) => line.productId !== null && line.restocked < line.quantity),
    by,
    lines,
    gatewayRefundId: sent?.gatewayRefundId ?? null,
  });
  await oweRefundMail(tx, { orderId: order.id, refundId, full: true });
}

/** The order's refunds, oldest first, each with its lines; only `refundId` when given. */
export async function refundsOf(db: Database, orderId: number, refundId?: number): Promise<OrderRefund[]> {
  const where = refundId
    ? and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.id, refundId))
    : eq(orderRefunds.orderId, orderId);
  const refunds = await db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      amount: orderRefunds.amount,
      reason: orderRefunds.reason,
      restocked: orderRefunds.restocked,
      gatewayRefundId: orderRefunds.gatewayRefundId,
      refundedById: orderRefunds.refundedBy,
      refundedBy: sql<string | null>`${userName}`,
      dateCreated: orderRefunds.createdAt,
    })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.refundedBy))
    .where(where)
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  if (refunds.length === 0) return [];
  const lines = await db
    .select({
      id: orderRefundLines.id,
      refundId: orderRefundLines.refundId,
      orderLineId: orderRefundLines.orderLineId,
      name: orderLines.name,
      productId: orderLines.productId,
      variationId: orderLines.variationId,
      quantity: orderRefundLines.quantity,
      amount: orderRefundLines.amount,
    })
    .from(orderRefundLines)
    .innerJoin(orderLines, eq(orderLines.id, orderRefundLines.orderLineId))
    .where(
      inArray(
        orderRefundLines.refundId,
        refunds.map((refund) => refund.id),
      ),
    )
    .orderBy(asc(orderRefundLines.id));
  return refunds.map((refund) => ({
    ...refund,
    lines: lines.filter((line) => line.refundId === refund.id).map(({ refundId: _refund, ...line }) => line),
  }));
}

/** Whether the order exists: an order without refunds and an unknown one have the same empty list. */
export async function orderExists(db: Database, orderId: number): Promise<boolean> {
  const [found] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return found !== undefined;
}

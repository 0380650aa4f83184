import { orderLines, orderRefunds, orders, products } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { placeTestOrder } from "../../services/orders/order-fixtures.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("refunds and batches over REST on %s", (dialect) => {
  const server = restTestServer(dialect);
  const session = server.session;

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${server.origin}/api/vitrine/v2${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const stockOf = async (id: number) =>
    (await server.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;

  /** 2 × mug at 10.00 and shipping 5.00: 2500. */
  async function anOrder(slug: string) {
    const mug = await insertSimpleProduct(server.db, { slug, price: 1000, stock: 10 });
    const id = await placeTestOrder(server.db, [{ productId: mug.id, quantity: 2 }]);
    const [line] = await server.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id));
    return { id, mug, line: line! };
  }

  it("creates, lists and reads refunds in WooCommerce's shape; the order lists them", async () => {
    const { id, mug, line } = await anOrder("mug");
    const { headers } = await session("administrator");
    const created = await call("POST", `/orders/${id}/refunds`, headers, {
      reason: "Chipped",
      line_items: [{ id: line.id, quantity: 1, refund_total: 1000 }],
      api_restock: true,
    });
    expect(created.status).toBe(201);
    const refund = (await created.json()) as Record<string, unknown>;
    expect(refund).toEqual({
      id: expect.any(Number),
      date_created: expect.any(String),
      date_created_gmt: expect.any(String),
      amount: 1000,
      reason: "Chipped",
      refunded_by: expect.any(Number),
      refunded_by_name: expect.stringMatching(/^administrator-/),
      refunded_payment: false,
      restocked: true,
      line_items: [
        {
          id: expect.any(Number),
          refunded_item_id: line.id,
          name: "mug (en)",
          product_id: mug.id,
          variation_id: null,
          quantity: -1,
          total: -1000,
        },
      ],
    });
    expect(await stockOf(mug.id)).toBe(9);

    const list = await call("GET", `/orders/${id}/refunds`, headers);
    expect(await list.json()).toEqual([refund]);
    const one = await call("GET", `/orders/${id}/refunds/${refund.id}`, headers);
    expect(await one.json()).toEqual(refund);
    const order = (await (await call("GET", `/orders/${id}`, headers)).json()) as Record<string, unknown>;
    expect(order.refunds).toEqual([{ id: refund.id, reason: "Chipped", total: -1000 }]);
    expect(order.status).toBe("on-hold");

    // The rest as an amount only, without restocking: the order is refunded and its stock all back.
    const rest = await call("POST", `/orders/${id}/refunds`, headers, { amount: 1500, api_restock: false });
    expect(rest.status).toBe(201);
    expect(((await (await call("GET", `/orders/${id}`, headers)).json()) as { status: string }).status).toBe(
      "refunded",
    );
    expect(await stockOf(mug.id)).toBe(10);
  });

  it("refuses what it cannot refund with a 4xx {code, message}, and writes nothing", async () => {
    const { id, line } = await anOrder("cup");
    const other = await anOrder("bowl");
    const { headers } = await session("administrator");
    const refused = async (body: unknown, status: number, code: string, path = `/orders/${id}/refunds`) => {
      const answer = await call("POST", path, headers, body);
      expect(answer.status).toBe(status);
      expect(await answer.json()).toMatchObject({ code, message: expect.any(String), data: { status } });
    };
    await refused({ amount: 2501 }, 400, "woocommerce_rest_cannot_create_order_refund");
    await refused({ amount: 0 }, 400, "woocommerce_rest_invalid_order_refund");
    await refused({}, 400, "woocommerce_rest_invalid_order_refund");
    await refused(
      { line_items: [{ id: line.id, quantity: 3, refund_total: 0 }] },
      400,
      "rest_refund_line_exceeds",
    );
    await refused(
      { line_items: [{ id: other.line.id, quantity: 1, refund_total: 100 }] },
      400,
      "rest_refund_invalid_line",
    );
    await refused(
      { amount: 100, line_items: [{ id: line.id, quantity: 1, refund_total: 500 }] },
      400,
      "rest_refund_below_lines",
    );
    await refused({ amount: -5 }, 400, "rest_invalid_param");
    await refused({ amount: "10.00" }, 400, "rest_invalid_param");
    await refused({ amount: 100, colour: "red" }, 400, "rest_invalid_param");
    await refused({ line_items: [{ id: line.id, quantity: 1.5 }] }, 400, "rest_invalid_param");
    await refused({ amount: 100 }, 404, "woocommerce_rest_shop_order_invalid_id", "/orders/424242/refunds");
    expect(await server.db.select().from(orderRefunds)).toEqual([]);

    const missing = await call("GET", `/orders/${id}/refunds/424242`, headers);
    expect(missing.status).toBe(404);
    expect((await call("GET", "/orders/424242/refunds", headers)).status).toBe(404);
    const editor = await session("editor");
    expect((await call("POST", `/orders/${id}/refunds`, editor.headers, { amount: 100 })).status).toBe(403);
  });

  it("a batch changes each order on its own and reports the ones it refuses in their place", async () => {
    const first = await anOrder("plate");
    const second = await anOrder("fork");
    const { headers } = await session("administrator");
    await call("PUT", `/orders/${second.id}`, headers, { status: "cancelled" });
    const answer = await call("POST", "/orders/batch", headers, {
      update: [
        { id: first.id, status: "completed" },
        { id: second.id, status: "completed" },
        { id: 424242, status: "completed" },
      ],
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      update: [
        { id: first.id, status: "completed" },
        {
          id: second.id,
          error: {
            code: "rest_order_invalid_transition",
            message: "An order that is cancelled cannot become completed.",
            data: { status: 409 },
          },
        },
        {
          id: 424242,
          error: {
            code: "woocommerce_rest_shop_order_invalid_id",
            message: "Invalid ID.",
            data: { status: 404 },
          },
        },
      ],
    });
    const statuses = await server.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .orderBy(asc(orders.id));
    expect(statuses).toEqual([
      { id: first.id, status: "completed" },
      { id: second.id, status: "cancelled" },
    ]);
    for (const body of [{ update: [] }, { update: [{ id: first.id, status: "shipped" }] }, {}]) {
      const refused = await call("POST", "/orders/batch", headers, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "rest_invalid_param", message: expect.any(String) });
    }
  });
});

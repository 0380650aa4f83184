import { checkoutByApi, guestWithCart } from "../e2e/http-shopper.ts";
import { bearer, expect, store, test } from "./fixtures.ts";

/**
 * An order's refunds and batch status changes over the built server's REST API (issue 40, decision
 * 0063): WooCommerce's shapes, the refusals as 4xx `{code, message}`, and the stock back once.
 */

type Product = { id: number; type: string; stock_quantity: number | null };

test("a partial refund in WooCommerce's shape, refusals, a batch completion, then a cancellation: the stock back once", async ({
  request,
  adminToken,
}) => {
  const auth = bearer(adminToken);
  const listed = (await (
    await request.get("/api/vitrine/v2/products?per_page=100", { headers: auth })
  ).json()) as Product[];
  // Not the last stocked product: the REST test sets that one's stock.
  const product = listed.filter((p) => p.type === "simple" && (p.stock_quantity ?? 0) >= 10).at(-3)!;
  const stock = async () =>
    (
      (await (
        await request.get(`/api/vitrine/v2/products/${product.id}`, { headers: auth })
      ).json()) as Product
    ).stock_quantity;
  const before = await stock();

  const placed = await checkoutByApi(store.origin, await guestWithCart(store.origin, product.id, 2));
  expect(placed.status).toBe(200);
  const id = placed.body.order_id as number;
  const order = (await (await request.get(`/api/vitrine/v2/orders/${id}`, { headers: auth })).json()) as {
    total: number;
    line_items: Array<{ id: number; total: number }>;
  };
  const line = order.line_items[0]!;
  expect(await stock()).toBe(before! - 2);

  const refunded = await request.post(`/api/vitrine/v2/orders/${id}/refunds`, {
    headers: auth,
    data: { reason: "Scratched", line_items: [{ id: line.id, quantity: 1, refund_total: line.total / 2 }] },
  });
  expect(refunded.status()).toBe(201);
  const refund = await refunded.json();
  expect(refund).toMatchObject({
    amount: line.total / 2,
    reason: "Scratched",
    refunded_payment: false,
    line_items: [{ refunded_item_id: line.id, product_id: product.id, quantity: -1, total: -line.total / 2 }],
  });
  expect(await stock()).toBe(before! - 1);
  expect(await (await request.get(`/api/vitrine/v2/orders/${id}/refunds`, { headers: auth })).json()).toEqual(
    [refund],
  );

  for (const [data, status, code] of [
    [{ amount: order.total }, 400, "woocommerce_rest_cannot_create_order_refund"],
    [{ line_items: [{ id: line.id, quantity: 2 }] }, 400, "rest_refund_line_exceeds"],
    [{ amount: "1.00" }, 400, "rest_invalid_param"],
  ] as const) {
    const answer = await request.post(`/api/vitrine/v2/orders/${id}/refunds`, { headers: auth, data });
    expect(answer.status()).toBe(status);
    expect(await answer.json()).toMatchObject({ code, message: expect.any(String), data: { status } });
  }
  expect((await request.post(`/api/vitrine/v2/orders/${id}/refunds`, { data: { amount: 1 } })).status()).toBe(
    401,
  );

  // On hold (bank transfer) straight to completed, in a batch with an order that does not exist.
  const batch = await request.post("/api/vitrine/v2/orders/batch", {
    headers: auth,
    data: {
      update: [
        { id, status: "completed" },
        { id: 2_000_000_000, status: "completed" },
      ],
    },
  });
  expect(await batch.json()).toEqual({
    update: [
      { id, status: "completed" },
      {
        id: 2_000_000_000,
        error: {
          code: "woocommerce_rest_shop_order_invalid_id",
          message: "Invalid ID.",
          data: { status: 404 },
        },
      },
    ],
  });

  // Cancelled: the item not refunded comes back, the refunded one not again.
  const cancelled = await request.put(`/api/vitrine/v2/orders/${id}`, {
    headers: auth,
    data: { status: "cancelled" },
  });
  expect(cancelled.status()).toBe(200);
  expect(await stock()).toBe(before);
});

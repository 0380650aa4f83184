import { coupons, orderCouponLines, orders } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { couponInput } from "../../lib/coupon-resource.ts";
import { insertOrder } from "../../services/orders/order-fixtures.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

const tenOff = {
  code: "Spring10",
  discount_type: "percent",
  amount: "10",
  description: "Spring sale",
  date_expires: "2030-01-01T00:00:00.000Z",
  individual_use: true,
  product_ids: [3],
  excluded_product_ids: [4],
  usage_limit: 100,
  usage_limit_per_user: 1,
  limit_usage_to_x_items: null,
  free_shipping: false,
  product_categories: [7],
  excluded_product_categories: [],
  exclude_sale_items: true,
  minimum_amount: "50.00",
  maximum_amount: "",
  email_restrictions: ["*@Example.com"],
};

describe.each(await availableDialects())("the coupons' REST API on %s", (dialect) => {
  const server = restTestServer(dialect);
  const call = server.call;

  it("creates, reads, lists, changes and deletes coupons in WooCommerce's shape", async () => {
    const admin = (await server.session("administrator")).headers;
    const made = await call("/coupons", admin, "POST", tenOff);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      code: "spring10",
      discount_type: "percent",
      amount: "10.00",
      date_expires: "2030-01-01T00:00:00.000Z",
      usage_count: 0,
      individual_use: true,
      product_ids: [3],
      excluded_product_ids: [4],
      product_categories: [7],
      usage_limit: 100,
      usage_limit_per_user: 1,
      limit_usage_to_x_items: null,
      exclude_sale_items: true,
      minimum_amount: "50.00",
      maximum_amount: "0.00",
      email_restrictions: ["*@example.com"],
      used_by: [],
    });
    const [row] = await server.db.select().from(coupons);
    expect(row).toMatchObject({ code: "spring10", amount: "10", minimumAmount: 5000, maximumAmount: null });
    const id = made.body.id as number;

    expect((await call(`/coupons/${id}`, admin)).body).toMatchObject({ id, code: "spring10" });
    const fixed = await call(`/coupons/${id}`, admin, "PUT", { discount_type: "fixed_cart", amount: "12.5" });
    expect(fixed.body).toMatchObject({
      discount_type: "fixed_cart",
      amount: "12.50",
      description: "Spring sale",
    });
    expect((await server.db.select().from(coupons))[0]!.amount).toBe("1250");

    await call("/coupons", admin, "POST", { code: "other", amount: "5" });
    const listed = await call("/coupons?search=spr", admin);
    expect((listed.body as Array<{ code: string }>).map((c) => c.code)).toEqual(["spring10"]);
    expect((await call("/coupons", admin)).body).toHaveLength(2);

    expect((await call(`/coupons/${id}`, admin, "DELETE")).status).toBe(501);
    const deleted = await call(`/coupons/${id}?force=true`, admin, "DELETE");
    expect(deleted.body).toMatchObject({ id, code: "spring10" });
    expect((await call(`/coupons/${id}`, admin)).status).toBe(404);
  });

  it("refuses a taken code, a bad amount, a percent over 100 and anyone but administrators", async () => {
    const admin = (await server.session("administrator")).headers;
    await call("/coupons", admin, "POST", { code: "taken", amount: "5" });
    const refusals: Array<[unknown, string, string]> = [
      [{ code: "TAKEN", amount: "5" }, "woocommerce_rest_coupon_code_already_exists", "code"],
      [{ code: "x", amount: "ten" }, "rest_invalid_param", "amount"],
      [{ code: "y", discount_type: "percent", amount: "150" }, "rest_invalid_param", "amount"],
      [{ code: "z", email_restrictions: ["not an e-mail"] }, "rest_invalid_param", "email_restrictions"],
      [{ amount: "5" }, "rest_invalid_param", "code"],
    ];
    for (const [body, code, param] of refusals) {
      const answer = await call("/coupons", admin, "POST", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code, data: { param } });
    }
    const shopper = (await server.session("customer")).headers;
    expect((await call("/coupons", shopper)).status).toBe(403);
    expect((await call("/coupons", shopper, "POST", { code: "mine" })).status).toBe(403);
    expect(await server.db.select().from(coupons)).toHaveLength(1);
  });

  it("the form's check refuses what the route refuses", () => {
    expect(couponInput.safeParse({ amount: "ten" }).success).toBe(false);
    expect(couponInput.safeParse({ amount: "10,5" }).success).toBe(true);
  });

  it("batches creates, updates and deletes, each on its own", async () => {
    const admin = (await server.session("administrator")).headers;
    const first = await call("/coupons", admin, "POST", { code: "first", amount: "1" });
    const answer = await call("/coupons/batch", admin, "POST", {
      create: [{ code: "second", amount: "2" }, { code: "first" }],
      update: [
        { id: first.body.id, description: "changed" },
        { id: 999999, description: "x" },
      ],
      delete: [999998],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      create: [{ code: "second" }, { error: { code: "woocommerce_rest_coupon_code_already_exists" } }],
      update: [
        { code: "first", description: "changed" },
        { id: 999999, error: { data: { status: 404 } } },
      ],
      delete: [{ id: 999998, error: { code: "woocommerce_rest_shop_coupon_invalid_id" } }],
    });
  });

  it("reports sales by coupon in a period, for administrators", async () => {
    const admin = (await server.session("administrator")).headers;
    const { id } = await insertOrder(server.db, { createdAt: "2026-11-02T10:00:00Z" });
    await server.db.update(orders).set({ currency: "USD" }).where(eq(orders.id, id));
    await server.db.insert(orderCouponLines).values({ orderId: id, code: "spring", discount: 250 });
    const answer = await call("/reports/coupons?from=2026-11-01&to=2026-11-30", admin);
    expect(answer.body).toEqual([{ code: "spring", orders_count: 1, amount: 250, currency: "USD" }]);
    expect((await call("/reports/coupons?from=2026-11-30&to=2026-11-01", admin)).status).toBe(400);
    expect((await call("/reports/coupons", (await server.session("editor")).headers)).status).toBe(403);
  });
});

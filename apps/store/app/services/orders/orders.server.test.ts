import { orderCouponLines, orderLines, orderRefunds, orders, orderTaxLines } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testContext } from "../shared/test-context.test-helper.ts";
import { orderAddress as address, insertAccount, insertOrder } from "./order-fixtures.test-helper.ts";
import { mailOrderConfirmation } from "./order-mail.server.tsx";
import {
  findOrderForViewer,
  listOrders,
  listOrdersOfUser,
  orderForAdmin,
  orderWithLines,
} from "./orders.server.ts";

describe.each(await availableDialects())("reading orders on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  const shopper = (email: string) => insertAccount(database.db, email);
  const order = async (key: string, userId: number | null, createdAt: string) =>
    (await insertOrder(database.db, { key, userId, createdAt, locale: "es" })).id;

  it("shows an order to whoever holds its key or placed it, and to nobody else", async () => {
    const ada = await shopper("ada@example.com");
    const bob = await shopper("bob@example.com");
    const id = await order("wc_order_abcdefghij", ada, "2025-03-01T10:00:00.000Z");
    const view = {
      id,
      status: "on-hold",
      date: "2025-03-01T10:00:00.000Z",
      subtotal: 2000,
      shippingTotal: 500,
      total: 2500,
      paymentMethod: "bacs",
      billing: address,
      shipping: address,
      customerNote: "ring twice",
      totals: {
        subtotal: 2000,
        subtotalTax: 0,
        discountTotal: 0,
        discountTax: 0,
        shippingTotal: 500,
        shippingTax: 0,
        totalTax: 0,
        total: 2500,
        shippingLabel: "Flat rate",
        coupons: [{ code: "spring", discount: 200, discountTax: 42 }],
        taxLines: [
          { label: "IVA", amount: 525 },
          { label: "RE", amount: 52 },
        ],
      },
      lines: [
        {
          id: expect.any(Number),
          name: "Mug",
          quantity: 2,
          subtotal: 1000,
          subtotalTax: 0,
          total: 1000,
          attributes: { Colour: "Red" },
          backordered: 0,
        },
        {
          id: expect.any(Number),
          name: "Cup",
          quantity: 1,
          subtotal: 1000,
          subtotalTax: 0,
          total: 1000,
          attributes: {},
          backordered: 0,
        },
      ],
      refunds: [
        { id: expect.any(Number), amount: 500, reason: "Arrived scratched" },
        { id: expect.any(Number), amount: 300, reason: "" },
      ],
    };
    const { db } = database;
    await db.insert(orderRefunds).values([
      { orderId: id, amount: 500, reason: "Arrived scratched" },
      { orderId: id, amount: 300 },
    ]);
    // The figures the order was placed with: its tax lines (items' and shipping's tax together) and coupons.
    await db
      .update(orders)
      .set({ shippingMethod: "flat_rate:1", shippingLabel: "Flat rate" })
      .where(eq(orders.id, id));
    await db.insert(orderTaxLines).values([
      { orderId: id, rateId: 4, label: "IVA", rate: "21.0000", taxTotal: 420, shippingTaxTotal: 105 },
      { orderId: id, rateId: null, label: "RE", rate: "5.2000", compound: true, taxTotal: 52 },
    ]);
    await db.insert(orderCouponLines).values({ orderId: id, code: "spring", discount: 200, discountTax: 42 });
    // The order, its lines, its refunds, its tax and coupon lines in one statement.
    const record = recordStatements(db);
    expect(await findOrderForViewer(db, id, { key: "wc_order_abcdefghij" })).toEqual(view);
    record.stop();
    expect(record.statements).toHaveLength(1);
    expect(await findOrderForViewer(db, id, { userId: ada })).toEqual(view);
    expect(await findOrderForViewer(db, id, { key: "wc_order_zzzzzzzzzz" })).toBeNull();
    expect(await findOrderForViewer(db, id, { userId: bob })).toBeNull();
    expect(await findOrderForViewer(db, id + 1, { userId: ada })).toBeNull();
  });

  it("reads each order's own tax and coupon lines, for its shopper and for the back office", async () => {
    const { db } = database;
    const first = await order("wc_order_taxes00001", null, "2025-03-01T10:00:00.000Z");
    const second = await order("wc_order_taxes00002", null, "2025-03-02T10:00:00.000Z");
    await db.insert(orderTaxLines).values([
      { orderId: first, label: "VAT", rate: "20.0000", taxTotal: 400 },
      { orderId: second, label: "IVA", rate: "21.0000", taxTotal: 420 },
    ]);
    await db.insert(orderCouponLines).values([
      { orderId: second, code: "spring", discount: 200 },
      { orderId: first, code: "autumn", discount: 100 },
    ]);
    for (const [id, tax, coupon] of [
      [first, "VAT", "autumn"],
      [second, "IVA", "spring"],
    ] as const) {
      const admin = await orderForAdmin(db, id);
      expect(admin?.taxLines.map((line) => line.label)).toEqual([tax]);
      expect(admin?.couponLines.map((line) => line.code)).toEqual([coupon]);
      const shown = await findOrderForViewer(db, id, { key: `wc_order_taxes0000${id === first ? 1 : 2}` });
      expect(shown?.totals.taxLines.map((line) => line.label)).toEqual([tax]);
      expect(shown?.totals.coupons.map((line) => line.code)).toEqual([coupon]);
    }
  });

  it("lists an account's own orders, newest first", async () => {
    const ada = await shopper("ada@example.com");
    const bob = await shopper("bob@example.com");
    const first = await order("wc_order_first00000", ada, "2025-03-01T10:00:00.000Z");
    const second = await order("wc_order_second0000", ada, "2025-03-02T10:00:00.000Z");
    await order("wc_order_bobs000000", bob, "2025-03-03T10:00:00.000Z");
    expect(await listOrdersOfUser(database.db, ada)).toEqual([
      { id: second, date: "2025-03-02T10:00:00.000Z", status: "on-hold", total: 2500 },
      { id: first, date: "2025-03-01T10:00:00.000Z", status: "on-hold", total: 2500 },
    ]);
    expect(await listOrdersOfUser(database.db, ada, 1)).toHaveLength(1);
  });

  it("reads an order whole for its mail, and sends the confirmation in the order's language", async () => {
    const id = await order("wc_order_mail000000", null, "2025-03-01T10:00:00.000Z");
    expect(await orderWithLines(database.db, id)).toMatchObject({
      id,
      orderKey: "wc_order_mail000000",
      locale: "es",
      lines: [{ name: "Mug" }, { name: "Cup" }],
    });
    expect(await orderWithLines(database.db, id + 1)).toBeNull();
    const context = testContext({ db: database.db });
    expect(await mailOrderConfirmation(context, id)).toEqual({ sentTo: "ada@example.com" });
    expect(context.mailer.sent).toHaveLength(1);
    expect(context.mailer.sent[0]).toMatchObject({ to: "ada@example.com" });
    expect(context.mailer.sent[0]!.text).toContain("Mug × 2");
    expect(context.mailer.sent[0]!.text).toContain(
      `https://shop.example/checkout/order-received/${id}?key=wc_order_mail000000`,
    );
  });

  it("reads an order and its lines in one statement; an order left without lines is still the order", async () => {
    const { db } = database;
    const id = await order("wc_order_joined0000", null, "2025-03-01T10:00:00.000Z");
    const record = recordStatements(db);
    expect((await orderWithLines(db, id))?.lines.map((line) => line.name)).toEqual(["Mug", "Cup"]);
    record.stop();
    expect(record.statements).toHaveLength(1);
    await db.delete(orderLines).where(eq(orderLines.orderId, id));
    expect(await orderWithLines(db, id)).toMatchObject({ id, orderKey: "wc_order_joined0000", lines: [] });
  });

  it("pages through every order for administrators, with origin labels and attribution records", async () => {
    const older = await order("wc_order_older00000", null, "2025-03-01T10:00:00.000Z");
    const { id: newer } = await insertOrder(database.db, {
      createdAt: "2025-03-02T10:00:00.000Z",
      origin: "Source: Newsletter",
    });
    const page = await listOrders(database.db, { limit: 1, offset: 1 });
    expect(page.total).toBe(2);
    expect(page.orders).toEqual([expect.objectContaining({ id: older, origin: "Unknown" })]);
    expect(await orderForAdmin(database.db, newer)).toMatchObject({
      id: newer,
      origin: "Source: Newsletter",
      attribution: { sourceType: "utm", utmSource: "newsletter", referrer: null },
      lines: [{ name: "Mug", productId: null }, { name: "Cup" }],
    });
    expect(await orderForAdmin(database.db, older)).toMatchObject({ attribution: null, origin: "Unknown" });
    expect(await orderForAdmin(database.db, newer + 1)).toBeNull();
  });
});

import { mailOutbox, orderLines, orders, products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { purgeRecordingContext } from "../shared/test-context.test-helper.ts";
import { insertAccount, placeTestOrder } from "./order-fixtures.test-helper.ts";
import { listOrders } from "./orders.server.ts";
import { changeOrderStatus } from "./orders-admin.server.ts";
import { createRefund, RefundError, refundsOf } from "./refunds.server.ts";

describe.each(await availableDialects())("refunds on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  const context = () => purgeRecordingContext(database.db);
  const stockOf = async (id: number) =>
    (await database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
  const orderOf = async (id: number) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const linesOf = (id: number) =>
    database.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));

  /** 3 mugs at 10.00 and 1 cup at 5.00, 5.00 shipping: 4000. */
  async function anOrder(prefix = "") {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: `${prefix}mug`, price: 1000, stock: 10 });
    const cup = await insertSimpleProduct(db, { slug: `${prefix}cup`, price: 500, stock: 10 });
    const id = await placeTestOrder(db, [
      { productId: mug.id, quantity: 3 },
      { productId: cup.id, quantity: 1 },
    ]);
    const [mugLine, cupLine] = await linesOf(id);
    return { id, mug, cup, mugLine: mugLine!, cupLine: cupLine! };
  }

  it("a partial refund of one line: its amount, reason and line kept, its items back, the status left; then a cancellation puts back only the rest", async () => {
    const { db } = database;
    const admin = await insertAccount(db, "boss@example.com", { role: "administrator" });
    const { id, mug, cup, mugLine } = await anOrder();
    expect(await orderOf(id)).toMatchObject({ total: 4000, status: "on-hold" });
    expect(await stockOf(mug.id)).toBe(7);

    const ctx = context();
    const refund = await createRefund(
      ctx,
      id,
      { reason: "Broken handle", lines: [{ lineId: mugLine.id, quantity: 1, amount: 1000 }], restock: true },
      admin,
    );
    expect(refund).toMatchObject({
      orderId: id,
      amount: 1000,
      reason: "Broken handle",
      restocked: true,
      refundedBy: "boss@example.com",
      lines: [{ orderLineId: mugLine.id, name: "mug (en)", quantity: 1, amount: 1000 }],
    });
    expect(await stockOf(mug.id)).toBe(8);
    expect(ctx.purged).toEqual([[`product-${mug.id}`]]);
    expect(await orderOf(id)).toMatchObject({ status: "on-hold", stockRestoredAt: null });
    expect((await linesOf(id)).map((line) => line.restockedQuantity)).toEqual([1, 0]);
    const owed = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "customer_refunded_order"));
    expect(owed.map((mail) => mail.payload)).toEqual([{ refundId: refund.id, full: false }]);

    // Cancelled afterwards: the two mugs and the cup still out go back, the refunded one not again.
    await changeOrderStatus(context(), id, "cancelled", admin);
    expect(await stockOf(mug.id)).toBe(10);
    expect(await stockOf(cup.id)).toBe(10);
    expect((await linesOf(id)).map((line) => line.restockedQuantity)).toEqual([3, 1]);
    expect((await orderOf(id)).stockRestoredAt).toBeInstanceOf(Date);

    // A refund of the cancelled order with "restock" asked puts nothing back again, and says so.
    const after = await createRefund(
      context(),
      id,
      { reason: "", lines: [{ lineId: mugLine.id, quantity: 2, amount: 2000 }], restock: true },
      admin,
    );
    expect(after.restocked).toBe(false);
    expect(await stockOf(mug.id)).toBe(10);
  });

  it("refuses a refund over what is left of the order or of a line, of nothing, or of another order's line, writing nothing", async () => {
    const { id, mug, mugLine, cupLine } = await anOrder();
    const other = await anOrder("other-");
    const refuse = (input: Parameters<typeof createRefund>[2]) =>
      createRefund(context(), id, input, null).catch((error: unknown) => error);
    await createRefund(context(), id, { amount: 3000, reason: "", lines: [], restock: false }, null);

    expect(await refuse({ amount: 1001, reason: "", lines: [], restock: false })).toMatchObject({
      code: "exceeds_order",
      details: { left: 1000 },
    });
    expect(await refuse({ amount: 0, reason: "", lines: [], restock: false })).toMatchObject({
      code: "no_amount",
    });
    expect(
      await refuse({ reason: "", lines: [{ lineId: cupLine.id, quantity: 2, amount: 0 }], restock: true }),
    ).toMatchObject({ code: "exceeds_line", details: { lineId: cupLine.id } });
    expect(
      await refuse({ reason: "", lines: [{ lineId: mugLine.id, quantity: 1, amount: 3001 }], restock: true }),
    ).toMatchObject({ code: "exceeds_line" });
    expect(
      await refuse({
        amount: 100,
        reason: "",
        lines: [{ lineId: mugLine.id, quantity: 1, amount: 500 }],
        restock: true,
      }),
    ).toMatchObject({ code: "below_lines" });
    expect(
      await refuse({
        reason: "",
        lines: [{ lineId: other.mugLine.id, quantity: 1, amount: 100 }],
        restock: true,
      }),
    ).toMatchObject({ code: "unknown_line" });
    await expect(
      createRefund(context(), 424242, { amount: 1, reason: "", lines: [], restock: false }, null),
    ).rejects.toBeInstanceOf(RefundError);
    expect((await refundsOf(database.db, id)).map((refund) => refund.amount)).toEqual([3000]);
    expect(await stockOf(mug.id)).toBe(7);
  });

  it("a refund that leaves nothing makes the order refunded and puts the rest of its stock back; a full refund mail is owed", async () => {
    const { db } = database;
    const { id, mug, cup, mugLine } = await anOrder();
    await createRefund(
      context(),
      id,
      { reason: "", lines: [{ lineId: mugLine.id, quantity: 1, amount: 1000 }], restock: true },
      null,
    );
    const last = await createRefund(
      context(),
      id,
      { amount: 3000, reason: "Gone", lines: [], restock: false },
      null,
    );
    expect(await orderOf(id)).toMatchObject({ status: "refunded" });
    expect(await stockOf(mug.id)).toBe(10);
    expect(await stockOf(cup.id)).toBe(10);
    const owed = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "customer_refunded_order"))
      .orderBy(asc(mailOutbox.id));
    expect(owed.map((mail) => mail.payload)).toEqual([
      { refundId: expect.any(Number), full: false },
      { refundId: last.id, full: true },
    ]);
    await expect(
      createRefund(context(), id, { amount: 1, reason: "", lines: [], restock: false }, null),
    ).rejects.toMatchObject({ code: "exceeds_order", details: { left: 0 } });
  });

  it("refunded by hand: what is left is refunded with it, line by line", async () => {
    const { id, mugLine, cupLine } = await anOrder();
    await createRefund(
      context(),
      id,
      { reason: "", lines: [{ lineId: mugLine.id, quantity: 1, amount: 1000 }], restock: false },
      null,
    );
    await changeOrderStatus(context(), id, "refunded", null);
    const refunds = await refundsOf(database.db, id);
    expect(refunds.map((refund) => refund.amount)).toEqual([1000, 3000]);
    expect(
      refunds[1]!.lines.map(({ orderLineId, quantity, amount }) => ({ orderLineId, quantity, amount })),
    ).toEqual([
      { orderLineId: mugLine.id, quantity: 2, amount: 2000 },
      { orderLineId: cupLine.id, quantity: 1, amount: 500 },
    ]);
  });

  it("refunded by hand after a cancellation: the refund says no items went back with it (they went back before)", async () => {
    const { id, mug } = await anOrder();
    await changeOrderStatus(context(), id, "cancelled", null);
    expect(await stockOf(mug.id)).toBe(10);
    await changeOrderStatus(context(), id, "refunded", null);
    expect(await stockOf(mug.id)).toBe(10);
    expect(
      (await refundsOf(database.db, id)).map(({ amount, restocked }) => ({ amount, restocked })),
    ).toEqual([{ amount: 4000, restocked: false }]);
    // Refunded by hand while its items were still out, the refund says they went back with it.
    const other = await anOrder("other-");
    await changeOrderStatus(context(), other.id, "refunded", null);
    expect(await stockOf(other.mug.id)).toBe(10);
    expect((await refundsOf(database.db, other.id)).map((refund) => refund.restocked)).toEqual([true]);
  });

  it("refunded by hand after a refund without lines: the rest's lines give back no more than the rest", async () => {
    const { id, mugLine, cupLine } = await anOrder();
    await createRefund(context(), id, { amount: 3000, reason: "", lines: [], restock: false }, null);
    await changeOrderStatus(context(), id, "refunded", null);
    const [, rest] = await refundsOf(database.db, id);
    expect(rest!.amount).toBe(1000);
    // Every item is refunded; the amounts, in the lines' order, add up to the refund at most.
    expect(
      rest!.lines.map(({ orderLineId, quantity, amount }) => ({ orderLineId, quantity, amount })),
    ).toEqual([
      { orderLineId: mugLine.id, quantity: 3, amount: 1000 },
      { orderLineId: cupLine.id, quantity: 1, amount: 0 },
    ]);
  });

  it("two refunds at once cannot together give back more than the order's total", async () => {
    const { id } = await anOrder();
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        createRefund(context(), id, { amount: 1500, reason: "", lines: [], restock: false }, null).catch(
          (error: unknown) => error,
        ),
      ),
    );
    const made = results.filter((result) => !(result instanceof Error));
    expect(made).toHaveLength(2);
    for (const result of results)
      if (result instanceof Error)
        expect(result).toMatchObject({ code: "exceeds_order", details: { left: 1000 } });
    expect((await refundsOf(database.db, id)).reduce((sum, refund) => sum + refund.amount, 0)).toBe(3000);
  });

  it("searches the list by order number, name, e-mail and product name", async () => {
    const { db } = database;
    const { id, mug } = await anOrder();
    const mugs = await insertSimpleProduct(db, { slug: "teapot", price: 2000, stock: 10 });
    const teapot = await placeTestOrder(db, [{ productId: mugs.id, quantity: 1 }]);
    await db
      .update(orders)
      .set({ billingAddress: { first_name: "Grace", last_name: "Hopper", email: "grace@navy.example" } })
      .where(eq(orders.id, teapot));
    const found = async (search: string) =>
      (await listOrders(db, { limit: 10, offset: 0 }, { search })).orders.map((order) => order.id);
    expect(await found(`#${id}`)).toEqual([id]);
    expect(await found(String(teapot))).toEqual([teapot]);
    expect(await found("hopper")).toEqual([teapot]);
    expect(await found("grace hopper")).toEqual([teapot]);
    expect(await found("navy.example")).toEqual([teapot]);
    expect(await found("lovelace")).toEqual([id]);
    expect(await found("teapot")).toEqual([teapot]);
    expect(await found(mug.slug)).toEqual([id]);
    expect(await found("100%")).toEqual([]);
    expect((await listOrders(db, { limit: 10, offset: 0 }, { search: "ada teapot" })).total).toBe(0);
  });
});

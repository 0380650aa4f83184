import {
  mailOutbox,
  orderLines,
  orderNotes,
  orderStatusChanges,
  orders,
  products,
  variations,
} from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct, insertVariableProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { restoreOrderStock } from "../catalogue/stock.server.ts";
import { purgeRecordingContext, recordingMailer, testContext } from "../shared/test-context.test-helper.ts";
import { insertAccount, insertOrder, placeTestOrder } from "./order-fixtures.test-helper.ts";
import { moveOrderStatus } from "./order-moves.server.ts";
import { listOrders, notesOf, orderForAdmin, orderOrigins } from "./orders.server.ts";
import {
  addOrderNote,
  changeOrderStatus,
  OrderChangeError,
  resendOrderConfirmation,
} from "./orders-admin.server.ts";
import { createRefund } from "./refunds.server.ts";

describe.each(await availableDialects())("administering orders on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  const context = () => purgeRecordingContext(database.db);
  const stockOf = async (id: number) =>
    (
      await database.db
        .select({
          stockQuantity: products.stockQuantity,
          stockStatus: products.stockStatus,
          totalSales: products.totalSales,
        })
        .from(products)
        .where(eq(products.id, id))
    )[0]!;
  const statusOf = async (id: number) =>
    (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

  it("walks an order from on hold through processing to completed, each change in its history", async () => {
    const { db } = database;
    const admin = await insertAccount(db, "admin@example.com", { role: "administrator" });
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 2 }]);
    const ctx = context();
    expect(await changeOrderStatus(ctx, id, "processing", admin)).toEqual({
      from: "on-hold",
      to: "processing",
      changed: true,
      restockedProductIds: [],
    });
    await changeOrderStatus(ctx, id, "completed", admin);
    // The same status again is no change, and writes nothing.
    expect(await changeOrderStatus(ctx, id, "completed", admin)).toMatchObject({ changed: false });
    const order = await orderForAdmin(db, id);
    expect(order?.status).toBe("completed");
    expect(order?.statusHistory.map(({ from, to, changedBy }) => ({ from, to, changedBy }))).toEqual([
      { from: null, to: "on-hold", changedBy: null },
      { from: "on-hold", to: "processing", changedBy: "admin@example.com" },
      { from: "processing", to: "completed", changedBy: "admin@example.com" },
    ]);
    // Completing takes nothing more and gives nothing back.
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 3, stockStatus: "instock", totalSales: 2 });
    expect(order?.stockRestoredAt).toBeNull();
    expect(ctx.purged).toEqual([]);
  });

  it("completes an order on hold (a bank transfer) directly, owing the shopper's mail with the change", async () => {
    const { db } = database;
    const admin = await insertAccount(db, "admin@example.com", { role: "administrator" });
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 1 }]);
    expect(await changeOrderStatus(context(), id, "completed", admin)).toMatchObject({
      from: "on-hold",
      to: "completed",
      changed: true,
    });
    const history = (await orderForAdmin(db, id))!.statusHistory;
    expect(history.map(({ from, to, changedBy }) => ({ from, to, changedBy }))).toEqual([
      { from: null, to: "on-hold", changedBy: null },
      { from: "on-hold", to: "completed", changedBy: "admin@example.com" },
    ]);
    // The completed mail is owed by the change's transaction, named by its history row.
    const owed = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id));
    expect(owed.map((mail) => mail.key)).toContain(`customer_completed_order:${id}:${history[1]!.id}`);
    // Back to processing and on to completed again: a second completed mail, for the second change.
    await changeOrderStatus(context(), id, "processing", admin);
    await changeOrderStatus(context(), id, "completed", admin);
    const completed = (await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).filter(
      (mail) => mail.kind === "customer_completed_order",
    );
    expect(completed).toHaveLength(2);
  });

  it.each([
    ["cancelled", "processing"],
    ["cancelled", "pending"],
    ["refunded", "cancelled"],
    ["refunded", "completed"],
    ["refunded", "on-hold"],
  ] as const)("refuses %s → %s and writes nothing", async (from, to) => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 1 }], { payment: "cod" });
    await db.update(orders).set({ status: from }).where(eq(orders.id, id));
    const before = await stockOf(mug.id);
    const refused = await changeOrderStatus(context(), id, to, null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OrderChangeError);
    expect(refused).toMatchObject({ code: "invalid_transition", details: { from, to } });
    expect(await statusOf(id)).toBe(from);
    expect(await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, id))).toHaveLength(
      1,
    );
    expect(await stockOf(mug.id)).toEqual(before);
  });

  it("an order whose payment failed and gave its stock back is not reopened without its stock; one failed by hand is", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 2 }]);
    // As Stripe's settlement fails an order: the stock it held goes back to the shelves.
    await db.transaction((tx) =>
      moveOrderStatus(tx, { orderId: id, from: "on-hold", to: "failed", by: null, returnsStock: true }),
    );
    expect(await stockOf(mug.id)).toMatchObject({ stockQuantity: 5, totalSales: 0 });
    for (const to of ["processing", "completed", "on-hold", "pending"] as const) {
      const refused = await changeOrderStatus(context(), id, to, null).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: "invalid_transition", details: { from: "failed", to } });
    }
    expect(await statusOf(id)).toBe("failed");
    expect(await stockOf(mug.id)).toMatchObject({ stockQuantity: 5, totalSales: 0 });
    expect(await changeOrderStatus(context(), id, "cancelled", null)).toMatchObject({
      changed: true,
      restockedProductIds: [],
    });
    expect(await stockOf(mug.id)).toMatchObject({ stockQuantity: 5, totalSales: 0 });

    // Failed by hand, the order still holds its stock: it may be completed by hand.
    const held = await placeTestOrder(db, [{ productId: mug.id, quantity: 1 }]);
    await changeOrderStatus(context(), held, "failed", null);
    expect(await changeOrderStatus(context(), held, "completed", null)).toMatchObject({ changed: true });
    expect(await stockOf(mug.id)).toMatchObject({ stockQuantity: 4, totalSales: 1 });
    // Items refunded and put back are no obstacle: the rest of the order still ships.
    const partly = await placeTestOrder(db, [{ productId: mug.id, quantity: 2 }]);
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, partly));
    await createRefund(
      context(),
      partly,
      { reason: "", lines: [{ lineId: line!.id, quantity: 1, amount: 1000 }], restock: true },
      null,
    );
    expect(await changeOrderStatus(context(), partly, "completed", null)).toMatchObject({ changed: true });
    expect(await stockOf(mug.id)).toMatchObject({ stockQuantity: 3, totalSales: 2 });
  });

  it("an unknown order is not found", async () => {
    await expect(changeOrderStatus(context(), 4242, "completed", null)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      addOrderNote(context(), 4242, { note: "hello", customerNote: false }, null),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(resendOrderConfirmation(context(), 4242)).rejects.toMatchObject({ code: "not_found" });
  });

  it("cancelling puts the stock back exactly as the checkout took it; refunding afterwards adds nothing", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 2 });
    const untracked = await insertSimpleProduct(db, { slug: "poster", price: 500, stock: null });
    const { product: shirt, inStock } = await insertVariableProduct(db, "shirt");
    const id = await placeTestOrder(db, [
      { productId: mug.id, quantity: 2 },
      { productId: untracked.id, quantity: 3 },
      { productId: shirt.id, variationId: inStock.id, quantity: 5 },
    ]);
    // The order took the last mugs and the last shirts of that colour.
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 0, stockStatus: "outofstock", totalSales: 2 });
    const [variation] = await db.select().from(variations).where(eq(variations.id, inStock.id));
    expect(variation).toMatchObject({ stockQuantity: 0, stockStatus: "outofstock" });

    const ctx = context();
    const cancelled = await changeOrderStatus(ctx, id, "cancelled", null);
    const touched = [mug.id, untracked.id, shirt.id].sort((a, b) => a - b);
    expect(cancelled.restockedProductIds).toEqual(touched);
    expect(ctx.purged).toEqual([touched.map((each) => `product-${each}`)]);
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 2, stockStatus: "instock", totalSales: 0 });
    expect(await stockOf(untracked.id)).toEqual({
      stockQuantity: null,
      stockStatus: "instock",
      totalSales: 0,
    });
    expect(await stockOf(shirt.id)).toMatchObject({ totalSales: 0 });
    const [back] = await db.select().from(variations).where(eq(variations.id, inStock.id));
    expect(back).toMatchObject({ stockQuantity: 5, stockStatus: "instock" });
    expect((await orderForAdmin(db, id))?.stockRestoredAt).toBeInstanceOf(Date);

    const refunded = await changeOrderStatus(ctx, id, "refunded", null);
    expect(refunded).toMatchObject({ changed: true, restockedProductIds: [] });
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 2, stockStatus: "instock", totalSales: 0 });
    const [still] = await db.select().from(variations).where(eq(variations.id, inStock.id));
    expect(still!.stockQuantity).toBe(5);
    expect(ctx.purged).toHaveLength(1);
  });

  it("a refund of a completed order puts its stock back; a product sold out since by hand stays as staff left it", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 10 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 3 }], { payment: "cod" });
    await changeOrderStatus(context(), id, "completed", null);
    await changeOrderStatus(context(), id, "refunded", null);
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 10, stockStatus: "instock", totalSales: 0 });

    // Marked out of stock by hand with a count left: the count comes back, the mark stays.
    const other = await placeTestOrder(db, [{ productId: mug.id, quantity: 1 }], { payment: "cod" });
    await db.update(products).set({ stockStatus: "outofstock" }).where(eq(products.id, mug.id));
    await changeOrderStatus(context(), other, "cancelled", null);
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 10, stockStatus: "outofstock", totalSales: 0 });
  });

  it("cancellations and refunds racing each other put the stock back once", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 10 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 4 }]);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        changeOrderStatus(context(), id, i % 2 === 0 ? "cancelled" : "refunded", null).catch(
          (error: unknown) => error as Error,
        ),
      ),
    );
    // Whatever the order they ran in: nothing failed but what the rules refuse, and stock came back once.
    for (const result of results)
      if (result instanceof Error) expect(result).toMatchObject({ code: "invalid_transition" });
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 10, stockStatus: "instock", totalSales: 0 });
    expect(
      results.filter((result) => !(result instanceof Error) && result.restockedProductIds.length > 0),
    ).toHaveLength(1);
    const history = (await orderForAdmin(db, id))!.statusHistory.map((change) => change.to);
    expect(history[0]).toBe("on-hold");
    expect(history.filter((to) => to === "cancelled").length).toBeLessThanOrEqual(1);
  });

  it("two cancellations of one order at the same moment: stock back once, one history row", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 10 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 4 }]);
    const [one, two] = await Promise.all([
      changeOrderStatus(context(), id, "cancelled", null),
      changeOrderStatus(context(), id, "cancelled", null),
    ]);
    expect([one.changed, two.changed].sort()).toEqual([false, true]);
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 10, stockStatus: "instock", totalSales: 0 });
    expect((await orderForAdmin(db, id))!.statusHistory.map((change) => change.to)).toEqual([
      "on-hold",
      "cancelled",
    ]);
  });

  it("the restore itself claims the order first: two at once, even without the order's lock, put stock back once", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 10 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 4 }]);
    const restored = await Promise.all(
      Array.from({ length: 3 }, () => db.transaction((tx) => restoreOrderStock(tx, id))),
    );
    expect(restored.filter((ids) => ids.length > 0)).toEqual([[mug.id]]);
    expect(await stockOf(mug.id)).toEqual({ stockQuantity: 10, stockStatus: "instock", totalSales: 0 });
  });

  it("keeps notes for the staff and notes to the customer; only the latter owes a mail, in the note's transaction", async () => {
    const { db } = database;
    const admin = await insertAccount(db, "boss@example.com", { role: "administrator" });
    const { id } = await insertOrder(db, { createdAt: "2025-03-01T10:00:00.000Z", locale: "es" });
    const ctx = testContext({ db });
    const kept = await addOrderNote(ctx, id, { note: "Checked the address.", customerNote: false }, admin);
    expect(kept).toMatchObject({
      note: "Checked the address.",
      customerNote: false,
      author: "boss@example.com",
    });
    const owed = () => db.select().from(mailOutbox).where(eq(mailOutbox.kind, "customer_note"));
    expect(await owed()).toHaveLength(0);
    const told = await addOrderNote(ctx, id, { note: "Your parcel left today.", customerNote: true }, admin);
    expect((await owed()).map((mail) => ({ key: mail.key, payload: mail.payload }))).toEqual([
      { key: `customer_note:${id}:${told.id}`, payload: { noteId: told.id } },
    ]);
    expect((await notesOf(db, id)).map((note) => note.note)).toEqual([
      "Checked the address.",
      "Your parcel left today.",
    ]);
    expect((await notesOf(db, id, true)).map((note) => note.note)).toEqual(["Your parcel left today."]);
    // A failing mailer loses no note: the mail stays owed, for the outbox to try again.
    const failing = testContext({
      db,
      mailer: Object.assign(recordingMailer(), {
        send: async () => {
          throw new Error("smtp down");
        },
      }),
    });
    await addOrderNote(failing, id, { note: "Delayed.", customerNote: true }, null);
    expect(await db.select().from(orderNotes).where(eq(orderNotes.orderId, id))).toHaveLength(3);
    expect(await owed()).toHaveLength(2);
  });

  it("sends the confirmation again the way the checkout sent it; says when it cannot", async () => {
    const { db } = database;
    const { id } = await insertOrder(db, {
      createdAt: "2025-03-01T10:00:00.000Z",
      key: "wc_order_again000000",
    });
    const ctx = testContext({ db });
    expect(await resendOrderConfirmation(ctx, id)).toEqual({ sentTo: "ada@example.com" });
    expect(ctx.mailer.sent).toHaveLength(1);
    expect(ctx.mailer.sent[0]!.text).toContain(`/checkout/order-received/${id}?key=wc_order_again000000`);

    const failing = testContext({
      db,
      mailer: Object.assign(recordingMailer(), {
        send: async () => {
          throw new Error("smtp down");
        },
      }),
    });
    await expect(resendOrderConfirmation(failing, id)).rejects.toMatchObject({ code: "mail_failed" });
    await db
      .update(orders)
      .set({ billingAddress: { first_name: "Ada" } })
      .where(eq(orders.id, id));
    await expect(resendOrderConfirmation(ctx, id)).rejects.toMatchObject({ code: "no_email" });
  });

  it("lists orders by status and by origin, with the origins there are to choose from", async () => {
    const { db } = database;
    const newsletter = (
      await insertOrder(db, { createdAt: "2025-03-01T10:00:00.000Z", origin: "Source: Newsletter" })
    ).id;
    const direct = (await insertOrder(db, { createdAt: "2025-03-02T10:00:00.000Z", origin: "Direct" })).id;
    const unknown = (await insertOrder(db, { createdAt: "2025-03-03T10:00:00.000Z" })).id;
    const second = (
      await insertOrder(db, { createdAt: "2025-03-04T10:00:00.000Z", origin: "Source: Newsletter" })
    ).id;
    await db.update(orders).set({ status: "completed" }).where(eq(orders.id, second));
    const ids = async (filters: Parameters<typeof listOrders>[2]) => {
      const page = await listOrders(db, { limit: 10, offset: 0 }, filters);
      return { total: page.total, ids: page.orders.map((order) => order.id) };
    };
    expect(await ids({})).toEqual({ total: 4, ids: [second, unknown, direct, newsletter] });
    expect(await ids({ origin: "Source: Newsletter" })).toEqual({ total: 2, ids: [second, newsletter] });
    expect(await ids({ origin: "Unknown" })).toEqual({ total: 1, ids: [unknown] });
    expect(await ids({ statuses: ["completed"] })).toEqual({ total: 1, ids: [second] });
    expect(await ids({ statuses: ["on-hold"], origin: "Source: Newsletter" })).toEqual({
      total: 1,
      ids: [newsletter],
    });
    expect(await ids({ statuses: ["cancelled", "refunded"] })).toEqual({ total: 0, ids: [] });
    expect(await ids({ origin: "Source: Nobody" })).toEqual({ total: 0, ids: [] });
    expect(await orderOrigins(db)).toEqual(["Source: Newsletter", "Direct", "Unknown"]);
  });

  it("offers a newly placed order's origin at once, though the origins are counted again only then", async () => {
    const { db } = database;
    await insertOrder(db, { createdAt: "2025-03-01T10:00:00.000Z", origin: "Direct" });
    expect(await orderOrigins(db)).toEqual(["Direct"]);
    expect(await orderOrigins(db)).toEqual(["Direct"]);
    await insertOrder(db, { createdAt: "2025-03-02T10:00:00.000Z", origin: "Source: Newsletter" });
    await insertOrder(db, { createdAt: "2025-03-03T10:00:00.000Z", origin: "Source: Newsletter" });
    expect(await orderOrigins(db)).toEqual(["Source: Newsletter", "Direct"]);
    expect(await orderOrigins(db, 1)).toEqual(["Source: Newsletter"]);
    // The total on every page: counted for a full page or one past the end, the last page's own.
    const total = async (offset: number) => (await listOrders(db, { limit: 2, offset })).total;
    expect([await total(0), await total(2), await total(4)]).toEqual([3, 3, 3]);
    // A search counts what it finds in its page's own statement.
    const searched = async (offset: number) =>
      (await listOrders(db, { limit: 2, offset }, { search: "lovelace" })).total;
    expect([await searched(0), await searched(2), await searched(4)]).toEqual([3, 3, 3]);
  });
});

import { mailOutbox, orderNotes, orderStatusChanges, orders, products } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { RestClientError } from "../../lib/rest-client.ts";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { insertOrder, placeTestOrder } from "../../services/orders/order-fixtures.test-helper.ts";
import { recordingMailer } from "../../services/shared/test-context.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("orders over REST on %s", (dialect) => {
  const mailer = recordingMailer();
  const purged: string[][] = [];
  const server = restTestServer(dialect, {
    mailer,
    onInvalidate: (tags) => purged.push([...(tags ?? [])]),
  });
  const database = server;
  beforeEach(() => {
    mailer.sent.length = 0;
    purged.length = 0;
  });
  const session = server.session;
  const adminClient = () => server.pageClient("administrator");

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${server.origin}/api/vitrine/v2${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  const stockOf = async (id: number) =>
    (await database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;

  type OrderJson = {
    id: number;
    status: string;
    stock_restored_at: string | null;
    notes: Array<{ note: string; customer_note: boolean; author: string | null }>;
    status_history: Array<{ from: string | null; to: string; changed_by: string | null }>;
  };

  it("an administrator moves an order along, cancels another and gets its stock back once", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const client = await adminClient();
    const first = await placeTestOrder(db, [{ productId: mug.id, quantity: 1 }]);
    const processing = await client.request<OrderJson>({
      path: `/orders/${first}`,
      method: "PUT",
      data: { status: "processing" },
    });
    expect(processing).toMatchObject({ id: first, status: "processing" });
    const completed = await client.request<OrderJson>({
      path: `/orders/${first}`,
      method: "PUT",
      data: { status: "completed" },
    });
    expect(completed.status_history.map(({ from, to }) => `${from}→${to}`)).toEqual([
      "null→on-hold",
      "on-hold→processing",
      "processing→completed",
    ]);
    expect(completed.status_history[1]!.changed_by).toMatch(/^administrator-/);
    expect(purged).toEqual([]);

    const second = await placeTestOrder(db, [{ productId: mug.id, quantity: 3 }]);
    expect(await stockOf(mug.id)).toBe(1);
    const cancelled = await client.request<OrderJson>({
      path: `/orders/${second}`,
      method: "PUT",
      data: { status: "cancelled" },
    });
    expect(cancelled.stock_restored_at).toEqual(expect.any(String));
    expect(await stockOf(mug.id)).toBe(4);
    // The product's cached pages said there was one left.
    expect(purged).toEqual([[`product-${mug.id}`]]);
    await client.request({ path: `/orders/${second}`, method: "PUT", data: { status: "refunded" } });
    await client.request({ path: `/orders/${second}`, method: "PUT", data: { status: "refunded" } });
    expect(await stockOf(mug.id)).toBe(4);
    expect(purged).toHaveLength(1);
  });

  it("two cancellations sent at once put the stock back once", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 2 }]);
    const { headers } = await session("administrator");
    const answers = await Promise.all([
      call("PUT", `/orders/${id}`, headers, { status: "cancelled" }),
      call("PUT", `/orders/${id}`, headers, { status: "cancelled" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await stockOf(mug.id)).toBe(5);
    expect(await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, id))).toHaveLength(
      2,
    );
  });

  it("refuses a change the rules do not allow, and malformed input, with {code, message} and no write", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000, stock: 5 });
    const id = await placeTestOrder(db, [{ productId: mug.id, quantity: 2 }], { payment: "cod" });
    const { headers } = await session("administrator");
    await call("PUT", `/orders/${id}`, headers, { status: "cancelled" });
    const before = await db.select().from(orders).where(eq(orders.id, id));

    const reopened = await call("PUT", `/orders/${id}`, headers, { status: "processing" });
    expect(reopened.status).toBe(409);
    expect(await reopened.json()).toEqual({
      code: "rest_order_invalid_transition",
      message: "An order that is cancelled cannot become processing.",
      data: { status: 409, from: "cancelled", to: "processing" },
    });
    for (const body of [
      { status: "shipped" },
      { status: "cancelled", total: 0 },
      {},
      [],
      { status: ["cancelled"] },
    ]) {
      const refused = await call("PUT", `/orders/${id}`, headers, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    for (const body of [
      { note: "   " },
      { note: "x".repeat(2001) },
      { note: "hi", customer_note: "yes" },
      {},
    ]) {
      const refused = await call("POST", `/orders/${id}/notes`, headers, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "rest_invalid_param", message: expect.any(String) });
    }
    expect(await db.select().from(orders).where(eq(orders.id, id))).toEqual(before);
    expect(await db.select().from(orderNotes)).toEqual([]);
    // Placed as processing (cash on delivery), then cancelled: nothing since.
    expect(await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, id))).toHaveLength(
      2,
    );
    expect(await stockOf(mug.id)).toBe(5);

    const missing = await call("PUT", `/orders/${id + 100}`, headers, { status: "cancelled" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "woocommerce_rest_shop_order_invalid_id" });

    // The browser's client sees the same refusal, in the account's language when asked.
    const client = await adminClient();
    const error = await client
      .request({ path: `/orders/${id}`, method: "PUT", data: { status: "pending" } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RestClientError);
    expect(error).toMatchObject({ code: "rest_order_invalid_transition", status: 409 });
  });

  it("writes notes, owes a mail for those to the customer, and shows them with the order", async () => {
    const { db } = database;
    const { id } = await insertOrder(db, { createdAt: "2025-03-01T10:00:00.000Z" });
    const client = await adminClient();
    const kept = await client.request<{ id: number; note: string; customer_note: boolean; author: string }>({
      path: `/orders/${id}/notes`,
      method: "POST",
      data: { note: "  Packed twice.  " },
    });
    expect(kept).toMatchObject({ note: "Packed twice.", customer_note: false, author: expect.any(String) });
    await client.request({
      path: `/orders/${id}/notes`,
      method: "POST",
      data: { note: "It ships tomorrow.", customer_note: true },
    });
    // Owed in the note's transaction; the outbox sends it after the answer (decision 0063).
    const owed = await db.select().from(mailOutbox).where(eq(mailOutbox.orderId, id));
    expect(owed.map((mail) => mail.kind)).toEqual(["customer_note"]);
    const order = await client.request<OrderJson>({ path: `/orders/${id}` });
    expect(order.notes.map(({ note, customer_note }) => ({ note, customer_note }))).toEqual([
      { note: "Packed twice.", customer_note: false },
      { note: "It ships tomorrow.", customer_note: true },
    ]);

    const sent = await client.request<{ sent_to: string }>({
      path: `/orders/${id}/actions/send-confirmation`,
      method: "POST",
    });
    expect(sent).toEqual({ sent_to: "ada@example.com" });
    expect(mailer.sent.at(-1)!.subject).toContain(`#${id}`);
  });

  it("filters the list by status and origin, keeping pages and their links", async () => {
    const { db } = database;
    const ids: number[] = [];
    for (let day = 1; day <= 5; day++)
      ids.push(
        (
          await insertOrder(db, {
            createdAt: `2025-03-0${day}T10:00:00.000Z`,
            origin: day % 2 ? "Source: Newsletter" : "Direct",
          })
        ).id,
      );
    await db.update(orders).set({ status: "completed" }).where(eq(orders.id, ids[4]!));
    const { headers } = await session("administrator");
    const list = async (query: string) => {
      const answer = await call("GET", `/orders?${query}`, headers);
      return {
        status: answer.status,
        total: answer.headers.get("X-Vitrine-Total"),
        link: answer.headers.get("Link"),
        body: (await answer.json()) as Array<{ id: number; origin: string; status: string }> & {
          code?: string;
        },
      };
    };
    const newsletter = await list("origin=Source%3A%20Newsletter&per_page=2");
    expect(newsletter.total).toBe("3");
    expect(newsletter.body.map((order) => order.id)).toEqual([ids[4], ids[2]]);
    expect(newsletter.link).toMatch(/<[^>]+origin=Source%3A\+Newsletter[^>]*page=2[^>]*>; rel="next"/);
    expect((await list("origin=Direct")).body.map((order) => order.id)).toEqual([ids[3], ids[1]]);
    expect((await list("status=completed")).body.map((order) => order.id)).toEqual([ids[4]]);
    expect((await list("status=on-hold,completed&origin=Direct")).total).toBe("2");
    expect((await list("status=on-hold&origin=Source%3A%20Newsletter")).total).toBe("2");
    const bad = await list("status=lost");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "rest_invalid_param", message: "Invalid parameter: status" });
    expect((await list(`origin=${"x".repeat(201)}`)).status).toBe(400);
  });

  it("is for administrators: editors get 403, customers 403, visitors 401", async () => {
    const { id } = await insertOrder(database.db, { createdAt: "2025-03-01T10:00:00.000Z" });
    const requests: Array<[string, string, unknown]> = [
      ["GET", "/orders", undefined],
      ["GET", `/orders/${id}`, undefined],
      ["PUT", `/orders/${id}`, { status: "cancelled" }],
      ["POST", `/orders/${id}/notes`, { note: "hello" }],
      ["POST", `/orders/${id}/actions/send-confirmation`, undefined],
    ];
    const editor = await session("editor");
    const customer = await session("customer");
    for (const [method, path, body] of requests) {
      for (const who of [editor, customer]) {
        const refused = await call(method, path, who.headers, body);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(await refused.json()).toMatchObject({ code: "rest_forbidden" });
      }
      expect((await call(method, path, {}, body)).status).toBe(401);
    }
    const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.status).toBe("on-hold");
    expect(await database.db.select().from(orderNotes)).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });
});

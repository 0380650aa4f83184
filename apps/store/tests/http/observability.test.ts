import net from "node:net";
import { availableDialects, createTestDatabase } from "@vitrine/db/testing";
import { STORE_ENV } from "../built-store.ts";
import { checkoutByApi, guestWithCart } from "../e2e/http-shopper.ts";
import { hasMetric, metricSum as sample } from "../metrics-text.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Seeing inside a running store (issue 44, decision 0083): `/metrics` for the allowed addresses
 * only, with the figures operators watch; each request's id on its answer and its log lines, a
 * slow request logged with its statements; `/healthz` alive and `/readyz` following the database.
 */

test("/metrics answers the figures by route, page cache, statements, checkouts, mail outbox and process, to loopback; /healthz and /readyz answer; a client's own request id is replaced", {
  timeout: 180_000,
}, async ({ spareStore }) => {
  const store = await spareStore({ ...STORE_ENV, SEED_DEMO: "on" });
  const shop = await (await fetch(`${store.origin}/shop`)).text();
  const productPath = shop.match(/href="(\/product\/[^"?]+)"/)![1]!;
  for (let i = 0; i < 2; i++) expect((await fetch(`${store.origin}${productPath}`)).status).toBe(200);
  // A listing's add-to-cart button names a simple product in stock.
  const productId = Number(shop.match(/data-product_id="(\d+)"/)![1]);
  const guest = await guestWithCart(store.origin, productId);
  expect((await checkoutByApi(store.origin, guest)).status).toBe(200);
  // Again, with the cart the order emptied: refused.
  expect((await checkoutByApi(store.origin, guest)).status).toBe(400);

  const answer = await fetch(`${store.origin}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toContain("text/plain");
  const metrics = await answer.text();
  // Pages by their route, never by their path.
  const product = { method: "GET", route: "routes/product/route", status: "200" };
  expect(sample(metrics, "vitrine_http_requests_total", product)).toBe(2);
  expect(metrics).not.toContain(productPath);
  expect(
    sample(metrics, "vitrine_http_request_duration_seconds_count", { route: "routes/product/route" }),
  ).toBe(2);
  expect(sample(metrics, "vitrine_page_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(1);
  expect(sample(metrics, "vitrine_page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(2);
  expect(sample(metrics, "vitrine_db_statement_duration_seconds_count", { outcome: "done" })).toBeGreaterThan(
    10,
  );
  expect(sample(metrics, "vitrine_checkouts_total", { outcome: "placed" })).toBe(1);
  expect(sample(metrics, "vitrine_checkouts_total", { outcome: "refused", reason: "empty_cart" })).toBe(1);
  expect(sample(metrics, "vitrine_mail_outbox_backlog", { state: "given_up" })).toBe(0);
  expect(hasMetric(metrics, "vitrine_mail_outbox_backlog")).toBe(true);
  expect(hasMetric(metrics, "vitrine_nodejs_eventloop_lag_seconds")).toBe(true);
  expect(sample(metrics, "vitrine_process_resident_memory_bytes")).toBeGreaterThan(0);

  // Alive, ready, and an id from a client that is no trusted proxy (TRUST_PROXY is off) replaced.
  const alive = await fetch(`${store.origin}/healthz`, { headers: { "X-Request-Id": "spoofed-id" } });
  expect(alive.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(await alive.json()).toEqual({ status: "ok", database: "pglite", media: expect.any(String) });
  const ready = await fetch(`${store.origin}/readyz`);
  expect([ready.status, await ready.json()]).toEqual([
    200,
    { status: "ready", database: "ok", storage: "ok" },
  ]);
});

test("/metrics is refused to an address METRICS_ALLOW does not name; a request's id is on its answer and on its slow request's log line", {
  timeout: 120_000,
}, async ({ spareStore }) => {
  const store = await spareStore({
    METRICS_ALLOW: "10.0.0.0/8, 192.168.1.7",
    TRUST_PROXY: "loopback",
    SLOW_REQUEST_MS: "1",
    LOG_LEVEL: "info",
  });
  const refused = await fetch(`${store.origin}/metrics`);
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ code: "metrics_forbidden" });

  // From a proxy TRUST_PROXY names, its id is kept; the store's work logs under it.
  const given = "lb-7f3a9c";
  const answered = await fetch(`${store.origin}/shop`, { headers: { "X-Request-Id": given } });
  expect(answered.headers.get("x-request-id")).toBe(given);
  const logged = () =>
    store
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === "slow request" && line.reqId === given);
  await expect.poll(logged).toBeDefined();
  const slow = logged();
  expect(slow).toMatchObject({ url: "/shop", status: 200, route: "shop" });
  expect(slow!.statements as number).toBeGreaterThan(0);
  expect((slow!.slowest as Array<{ sql: string; ms: number }>)[0]).toEqual({
    sql: expect.stringMatching(/select/i),
    ms: expect.any(Number),
    failed: false,
  });
  // An id that is not one is replaced; the page cache's copy of the page carries this request's.
  const made = await fetch(`${store.origin}/shop`, { headers: { "X-Request-Id": "bad id with space" } });
  expect(made.headers.get("x-page-cache")).toBe("HIT");
  expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
});

/** A TCP relay to PostgreSQL that the test can cut (every connection dropped, none taken) and restore. */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
  };
}

for (const dialect of await availableDialects())
  if (dialect === "postgres")
    test("/readyz turns 503 while PostgreSQL cannot be reached and 200 once it is back; /healthz stays alive", {
      timeout: 180_000,
    }, async ({ spareStore }) => {
      const database = await createTestDatabase("postgres");
      const url = new URL(database.databaseUrl!);
      const cable = await relay(new URL(url));
      try {
        url.host = `127.0.0.1:${cable.port}`;
        const store = await spareStore({ DATABASE_URL: url.toString(), WORKERS: "1" });
        const ready = async () => (await fetch(`${store.origin}/readyz`)).status;
        expect(await ready()).toBe(200);
        await cable.cut();
        await expect.poll(ready, { timeout: 30_000 }).toBe(503);
        const body = await (await fetch(`${store.origin}/readyz`)).json();
        expect(body).toEqual({ status: "unavailable", database: "unreachable", storage: "ok" });
        const alive = await fetch(`${store.origin}/healthz`);
        expect(alive.status).toBe(200);
        await cable.restore();
        await expect.poll(ready, { timeout: 30_000 }).toBe(200);
      } finally {
        await cable.cut();
        await database.close();
      }
    });

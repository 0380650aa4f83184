import http from "node:http";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures.ts";
import { apiToken, BILLING, type Guest, guestWithCart, rest } from "./http-shopper.ts";

/**
 * Graceful shutdown under load: SIGTERM while checkouts run finishes them or refuses them cleanly,
 * and none is half-written. The requests go over raw connections so that the test knows what the
 * server had when the signal came: a request with `Expect: 100-continue` is under way on the server
 * once its `100 Continue` arrives, since the server answers that and hands the request to the app in
 * one step.
 */
const ADMIN = { email: "shutdown-admin@example.com", password: "shutdown admin password" };
const mediaDir = fileURLToPath(new URL("../../../../node_modules/.cache/vitrine-e2e-media", import.meta.url));
const CHECKOUT_BODY = JSON.stringify({ billing_address: BILLING, payment_method: "bacs" });

type Outcome =
  | { kind: "placed"; orderId: number }
  | { kind: "refused"; how: string }
  | { kind: "failed"; how: string };

/** A placed order, a clean refusal (503 `shutting_down`), or anything else: a failure. */
function outcomeOf(status: number, text: string): Outcome {
  let body: { order_id?: unknown; code?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return { kind: "failed", how: `${status} with a body that is not JSON: ${text.slice(0, 200)}` };
  }
  if (status >= 200 && status < 300 && typeof body.order_id === "number") {
    return { kind: "placed", orderId: body.order_id };
  }
  if (status === 503 && body.code === "shutting_down") return { kind: "refused", how: "503 shutting_down" };
  return { kind: "failed", how: `${status} ${text.slice(0, 200)}` };
}

/**
 * The guest's Store API checkout on a connection of its own. `underWay` settles once the server has
 * the request (its `100 Continue`, after which the body goes) or once the request has its outcome.
 */
function startCheckout(port: number, guest: Guest): { underWay: Promise<void>; outcome: Promise<Outcome> } {
  let markUnderWay = () => {};
  const underWay = new Promise<void>((resolve) => {
    markUnderWay = resolve;
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/store/v1/checkout",
      agent: false,
      headers: {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(CHECKOUT_BODY),
        Cookie: guest.cookie,
        "X-Vitrine-Nonce": guest.nonce,
        Expect: "100-continue",
      },
    });
    let connected = false;
    request.once("socket", (socket) => socket.once("connect", () => (connected = true)));
    request.once("continue", () => {
      request.end(CHECKOUT_BODY);
      markUnderWay();
    });
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.once("end", () => resolve(outcomeOf(response.statusCode ?? 0, text)));
      response.once("error", (error) => resolve({ kind: "failed", how: `answer cut off: ${error.message}` }));
    });
    request.once("error", (error: NodeJS.ErrnoException) => {
      // Refused before anything was sent: the client knows nothing happened.
      if (error.code === "ECONNREFUSED" && !connected) resolve({ kind: "refused", how: "ECONNREFUSED" });
      else resolve({ kind: "failed", how: `${error.code ?? ""} ${error.message}` });
    });
    request.flushHeaders();
  });
  void outcome.then(markUnderWay);
  return { underWay, outcome };
}

/**
 * True once nothing listens on the port any more: the server has begun to shut down. A connection
 * that reaches the listening socket while it closes is reset instead of refused; that is the
 * closing under way, not yet its end, so the caller asks again.
 */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") resolve(true);
      else if (error.code === "ECONNRESET") resolve(false);
      else reject(error);
    });
  });
}

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** One HTTP/1.1 connection written by hand, so that the test decides what is sent on it and when. */
class Connection {
  #received = "";
  #closed = false;
  #wake = () => {};

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      this.#received += chunk;
      this.#wake();
    });
    // A reset shows as a response that never comes; "close" follows every error.
    socket.on("error", () => {});
    socket.on("close", () => {
      this.#closed = true;
      this.#wake();
    });
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => resolve(new Connection(socket)));
      socket.once("error", reject);
    });
  }

  send(text: string): void {
    this.socket.write(text);
  }

  /** The next response on the connection, interim ones (100 Continue) included. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = parseResponse(this.#received);
      if (parsed) {
        this.#received = this.#received.slice(parsed.length);
        return parsed.response;
      }
      if (this.#closed) throw new Error(`the connection closed after: ${JSON.stringify(this.#received)}`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  /** Resolves once the server has closed the connection. */
  async closed(): Promise<void> {
    while (!this.#closed) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** A whole response with a Content-Length (or none, for an interim one) at the start of `text`. */
function parseResponse(text: string): { response: RawResponse; length: number } | undefined {
  const headEnd = text.indexOf("\r\n\r\n");
  if (headEnd === -1) return undefined;
  const [statusLine = "", ...lines] = text.slice(0, headEnd).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyLength = Number(headers["content-length"] ?? 0);
  if (text.length < headEnd + 4 + bodyLength) return undefined;
  return {
    response: {
      status: Number(statusLine.split(" ")[1]),
      headers,
      body: text.slice(headEnd + 4, headEnd + 4 + bodyLength),
    },
    length: headEnd + 4 + bodyLength,
  };
}

test("SIGTERM while checkouts run finishes them or refuses them cleanly; none is half-written", async ({
  spareStore,
}) => {
  test.setTimeout(180_000);
  const env = {
    SEED_DEMO: "on",
    MEDIA_DIR: mediaDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const first = await spareStore(env);
  const origin = `http://127.0.0.1:${first.port}`;
  const token = await apiToken(origin, ADMIN.email, ADMIN.password);

  const listed = await rest(origin, token, "GET", "/products?per_page=100");
  expect(listed.status).toBe(200);
  const product = (listed.body as Array<{ id: number; type: string; status: string }>).find(
    (candidate) => candidate.type === "simple" && candidate.status === "publish",
  );
  expect(product, "a published simple product in the demo catalogue").toBeDefined();
  const STOCK = 1000;
  const stocked = await rest(origin, token, "PUT", `/products/${product!.id}`, { stock_quantity: STOCK });
  expect(stocked.status).toBe(200);

  // Guests whose checkouts the server has under way when SIGTERM comes, and guests who try after it.
  const quantityOf = (index: number) => 1 + (index % 3);
  const early = await Promise.all(
    Array.from({ length: 24 }, (_, index) => guestWithCart(origin, product!.id, quantityOf(index))),
  );
  const late = await Promise.all(
    Array.from({ length: 6 }, (_, index) =>
      guestWithCart(origin, product!.id, quantityOf(early.length + index)),
    ),
  );

  const running = early.map((guest) => startCheckout(first.port, guest));
  let answeredBeforeStop = 0;
  for (const { outcome } of running) void outcome.then(() => answeredBeforeStop++);
  await Promise.all(running.map(({ underWay }) => underWay));
  // The last body went out just now, so at least that checkout is still running on the server.
  const answeredAtStop = answeredBeforeStop;
  const exitCode = first.stop();
  expect(answeredAtStop).toBeLessThan(early.length);

  await expect.poll(() => refusesConnections(first.port)).toBe(true);
  const lateOutcomes = await Promise.all(late.map((guest) => startCheckout(first.port, guest).outcome));
  const earlyOutcomes = await Promise.all(running.map(({ outcome }) => outcome));
  expect(await exitCode, "the store's exit code").toBe(0);

  const outcomes = [...earlyOutcomes, ...lateOutcomes];
  const placed = outcomes.flatMap((outcome, index) =>
    outcome.kind === "placed" ? [{ orderId: outcome.orderId, quantity: quantityOf(index) }] : [],
  );
  const refused = outcomes.filter((outcome) => outcome.kind === "refused");
  const failed = outcomes.flatMap((outcome) => (outcome.kind === "failed" ? [outcome.how] : []));
  console.log(
    `shutdown: ${placed.length} placed, ${refused.length} refused, ${failed.length} failed of ${outcomes.length} checkouts; ${answeredAtStop} answered before SIGTERM`,
  );
  expect(failed, "checkouts neither placed nor cleanly refused").toEqual([]);
  // What the server had under way it finishes; what came after the listener closed never reached it.
  expect(earlyOutcomes.map((outcome) => outcome.kind)).toEqual(early.map(() => "placed"));
  expect(lateOutcomes).toEqual(late.map(() => ({ kind: "refused", how: "ECONNREFUSED" })));

  // Started again on the same data: exactly the acknowledged orders, whole, and the stock they took.
  const second = await spareStore({ ...env, DATA_DIR: first.dataDir });
  const again = `http://127.0.0.1:${second.port}`;
  for (const { orderId, quantity } of placed) {
    const order = await rest(again, token, "GET", `/orders/${orderId}`);
    expect(order.status, `order ${orderId}`).toBe(200);
    expect(
      (order.body.line_items as Array<{ product_id: number; quantity: number }>).map(
        ({ product_id, quantity }) => ({ product_id, quantity }),
      ),
      `the lines of order ${orderId}`,
    ).toEqual([{ product_id: product!.id, quantity }]);
  }
  const orders = await rest(again, token, "GET", "/orders?per_page=100");
  expect(orders.status).toBe(200);
  expect((orders.body as Array<{ id: number }>).map(({ id }) => id).sort((a, b) => a - b)).toEqual(
    placed.map(({ orderId }) => orderId).sort((a, b) => a - b),
  );
  const after = await rest(again, token, "GET", `/products/${product!.id}`);
  expect(after.status).toBe(200);
  const ordered = placed.reduce((sum, { quantity }) => sum + quantity, 0);
  expect(after.body.stock_quantity).toBe(STOCK - ordered);
});

test("a request on a kept-alive connection after SIGTERM gets 503 shutting_down and Connection: close", async ({
  spareStore,
}) => {
  const store = await spareStore();
  /** A Store API checkout with a two-byte body; the first kind waits for 100 Continue to send it. */
  const checkoutHead = (expectContinue: boolean) =>
    [
      "POST /api/store/v1/checkout HTTP/1.1",
      `Host: 127.0.0.1:${store.port}`,
      "Content-Type: application/json",
      "Content-Length: 2",
      ...(expectContinue ? ["Expect: 100-continue"] : []),
      "",
      "",
    ].join("\r\n");

  // Two requests under way, each waiting for its body: `kept` carries the late request afterwards;
  // `holder` keeps the server from finishing (and closing every connection) until the test is done.
  const kept = await Connection.open(store.port);
  const holder = await Connection.open(store.port);
  try {
    for (const connection of [kept, holder]) {
      connection.send(checkoutHead(true));
      expect((await connection.response()).status, "100 Continue: the request is under way").toBe(100);
    }
    const exitCode = store.stop();
    await expect.poll(() => refusesConnections(store.port)).toBe(true);

    // The request that was under way is answered as usual (no nonce: 403), and the connection stays.
    kept.send("{}");
    const finished = await kept.response();
    expect(finished.status).toBe(403);
    expect(finished.headers.connection).toBe("keep-alive");

    // A request that arrives on it now is refused whole, and the server closes the connection.
    kept.send(`${checkoutHead(false)}{}`);
    const refused = await kept.response();
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe("close");
    expect(refused.headers["retry-after"]).toBe("5");
    expect(JSON.parse(refused.body)).toMatchObject({ code: "shutting_down", data: { status: 503 } });
    await kept.closed();

    holder.send("{}");
    expect((await holder.response()).status).toBe(403);
    expect(await exitCode, "the store's exit code").toBe(0);
  } finally {
    kept.destroy();
    holder.destroy();
  }
});

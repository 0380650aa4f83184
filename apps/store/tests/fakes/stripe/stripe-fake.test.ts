import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectStripeFake } from "./control.ts";
import { type StripeFake, startStripeFake } from "./stripe-fake.ts";

/**
 * The fake against the official client, as the store will use it. This file runs in Vitest's
 * `server` project (vitest.config.ts lists `apps/store/tests/fakes/**` there): it starts its own
 * servers on loopback and needs no build.
 */

const secret = "whsec_test_the_fake_signs_with_this";

// The store's side of the webhook: keeps what arrives and answers with the statuses queued.
const received: Array<{ body: string; signature: string }> = [];
const answers: number[] = [];
const receiver = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    received.push({ body, signature: String(request.headers["stripe-signature"]) });
    response.writeHead(answers.shift() ?? 200).end();
  });
});

let fake: StripeFake;
let stripe: Stripe;

const line = (name: string, unitAmount: number | string, quantity = 1) => ({
  price_data: { currency: "eur", unit_amount: unitAmount as number, product_data: { name } },
  quantity,
});
const sessionParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) => ({
  mode: "payment" as const,
  success_url: "http://127.0.0.1:1/checkout/paid?session_id={CHECKOUT_SESSION_ID}",
  cancel_url: "http://127.0.0.1:1/checkout",
  line_items: [line("Linen shirt", 1250, 2)],
  ...overrides,
});
/** The events that reached the receiver, each verified as the store will verify it. */
const verifiedEvents = () =>
  received.map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, secret));

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  fake = await startStripeFake({
    webhookSecret: secret,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stripe/webhook`,
  });
  stripe = new Stripe("sk_test_vitrine", { host: fake.host, port: fake.port, protocol: "http" });
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  // An event of the test before may still be on its way: it must not take this test's answers.
  await fake.webhooksIdle();
  received.length = 0;
  answers.length = 0;
});

describe("the Stripe fake", () => {
  it("creates a Checkout session with Stripe's shape and reads it back", async () => {
    const created = await stripe.checkout.sessions.create(
      sessionParams({
        line_items: [line("Linen shirt", 1250, 2), line("Socks", 499)],
        client_reference_id: "order-41",
        metadata: { order_id: "41" },
        payment_intent_data: { metadata: { order_id: "41" } },
        shipping_options: [
          {
            shipping_rate_data: {
              display_name: "Courier",
              type: "fixed_amount",
              fixed_amount: { amount: 595, currency: "eur" },
            },
          },
        ],
      }),
    );
    expect(created).toMatchObject({
      object: "checkout.session",
      url: `${fake.url}/c/pay/${created.id}`,
      amount_subtotal: 2999,
      amount_total: 3594,
      currency: "eur",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      client_reference_id: "order-41",
      metadata: { order_id: "41" },
    });
    expect(created.id).toMatch(/^cs_test_/);
    expect(await stripe.checkout.sessions.retrieve(created.id)).toMatchObject({
      id: created.id,
      amount_total: 3594,
    });
    // stripe-node sent the form Stripe reads: amounts as integers in bracketed names.
    const sent = fake.requests.find(
      (request) => request.method === "POST" && request.path === "/v1/checkout/sessions",
    );
    expect(sent?.params).toMatchObject({
      line_items: [{ price_data: { unit_amount: "1250" }, quantity: "2" }, {}],
    });
  });

  it("refuses what Stripe refuses: a missing parameter, a decimal amount, an unknown session, no key", async () => {
    const { success_url: _, ...withoutSuccessUrl } = sessionParams();
    await expect(stripe.checkout.sessions.create(withoutSuccessUrl)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "parameter_missing",
      param: "success_url",
    });
    await expect(
      stripe.checkout.sessions.create(sessionParams({ line_items: [line("Half a shirt", 12.5)] })),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: "parameter_invalid_integer",
      param: "line_items[0][price_data][unit_amount]",
      message: "Invalid integer: 12.5",
    });
    await expect(
      stripe.checkout.sessions.create(sessionParams({ expires_at: Math.floor(Date.now() / 1000) + 60 })),
    ).rejects.toMatchObject({ statusCode: 400, param: "expires_at" });
    await expect(stripe.checkout.sessions.retrieve("cs_test_nobody")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    const keyless = new Stripe("sk_live_not_for_tests", {
      host: fake.host,
      port: fake.port,
      protocol: "http",
    });
    await expect(keyless.checkout.sessions.create(sessionParams())).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
  });

  it("replays a request with the same idempotency key, and refuses the key with other parameters", async () => {
    const first = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: "order-7-attempt-1",
    });
    const again = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: "order-7-attempt-1",
    });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await expect(
      stripe.checkout.sessions.create(sessionParams({ client_reference_id: "another" }), {
        idempotencyKey: "order-7-attempt-1",
      }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
    expect(fake.sessions().filter((session) => session.id === first.id)).toHaveLength(1);
  });

  it("pays through the hosted page: the signed checkout.session.completed arrives before the redirect", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams({ client_reference_id: "order-8" }));
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain("Linen shirt");
    expect(html).toContain("€25.00");
    expect(html).toMatch(/<button[^>]*value="succeeded"[^>]*>Pay<\/button>/);

    const paid = await fetch(session.url!, {
      method: "POST",
      body: new URLSearchParams({ outcome: "succeeded" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://127.0.0.1:1/checkout/paid?session_id=${session.id}`);
    const [event] = verifiedEvents();
    expect(event).toMatchObject({
      type: "checkout.session.completed",
      data: {
        object: {
          id: session.id,
          client_reference_id: "order-8",
          payment_status: "paid",
          status: "complete",
        },
      },
    });
    const intentId = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: "succeeded",
      amount_received: 2500,
    });
    // A signature made with another secret does not pass.
    expect(() =>
      stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, "whsec_other"),
    ).toThrow();
  });

  it("keeps a declined shopper on the page with the way back, and sends nothing", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const declined = await fetch(session.url!, {
      method: "POST",
      body: new URLSearchParams({ outcome: "failed" }),
    });
    const html = await declined.text();
    expect(html).toContain("Your card was declined");
    expect(html).toContain('href="http://127.0.0.1:1/checkout"');
    expect(received).toHaveLength(0);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("refunds: the call reaches the fake with its amount and key, and charge.refunded follows", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const { session: paid } = await fake.pay(session.id, "succeeded");
    const intentId = String(paid.payment_intent);
    received.length = 0;

    const refund = await stripe.refunds.create(
      { payment_intent: intentId, amount: 500 },
      { idempotencyKey: "refund-9-1" },
    );
    expect(refund).toMatchObject({
      object: "refund",
      status: "succeeded",
      amount: 500,
      payment_intent: intentId,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/refunds",
      params: { payment_intent: intentId, amount: "500" },
      idempotencyKey: "refund-9-1",
      status: 200,
    });
    // Stripe answers the call and sends the event on its own time: the test waits for it.
    await fake.whenDelivered(fake.events.at(-1)!.id);
    expect(verifiedEvents()).toMatchObject([
      {
        type: "charge.refunded",
        data: { object: { payment_intent: intentId, amount_refunded: 500, refunded: false } },
      },
    ]);
    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 2001 })).rejects.toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
    });
  });

  it("retries a webhook the endpoint answered with a 500", async () => {
    answers.push(500);
    const session = await stripe.checkout.sessions.create(sessionParams());
    await fake.pay(session.id, "succeeded");
    const event = fake.events.at(-1)!;
    const delivered = await fake.whenDelivered(event.id);
    expect(delivered).toMatchObject({ attempt: 2, status: 200 });
    expect(fake.deliveries.filter((delivery) => delivery.eventId === event.id).map((d) => d.status)).toEqual([
      500, 200,
    ]);
    expect(verifiedEvents().map((received) => received.id)).toEqual([event.id, event.id]);
  });

  it("fails the next calls as told: stripe-node retries with the same key, then gives up", async () => {
    fake.failNext("POST /v1/checkout/sessions", 500);
    const session = await stripe.checkout.sessions.create(sessionParams());
    const tries = fake.requests.slice(-2);
    expect(tries.map((request) => request.status)).toEqual([500, 200]);
    expect(tries[0]!.idempotencyKey).toBe(tries[1]!.idempotencyKey);
    expect(session.status).toBe("open");

    // A reset is retried once more than stripe-node's default of one retry.
    fake.failNext("/v1/checkout/sessions", "reset", 3);
    await expect(stripe.checkout.sessions.create(sessionParams())).rejects.toMatchObject({
      type: "StripeConnectionError",
    });
  });

  it("fails every matching call until the failures are lifted, over the controls too", async () => {
    const control = connectStripeFake(fake.url);
    await control.failUntilLifted(/^\/v1\/checkout\/sessions$/, 503);
    const before = fake.requests.length;
    for (const _ of [1, 2]) {
      await expect(stripe.checkout.sessions.create(sessionParams())).rejects.toMatchObject({
        type: "StripeAPIError",
      });
    }
    const failed = fake.requests.slice(before);
    expect(failed.length).toBeGreaterThanOrEqual(4);
    expect(new Set(failed.map((request) => request.status))).toEqual(new Set([503]));

    await control.liftFailures();
    expect((await stripe.checkout.sessions.create(sessionParams())).status).toBe("open");
  });

  it("holds events and sends them in the order a test chooses, and resends one", async () => {
    const control = connectStripeFake(fake.url);
    const first = await stripe.checkout.sessions.create(sessionParams());
    const second = await stripe.checkout.sessions.create(sessionParams());
    await control.holdWebhooks(true);
    await control.pay(first.id, "async");
    const expired = await control.expire(second.id);
    const completed = (await control.heldEvents())[0]!;
    expect(received).toHaveLength(0);

    await control.releaseWebhooks([expired.id, completed.id]);
    await control.holdWebhooks(false);
    await control.resend(expired.id);
    expect(verifiedEvents().map((event) => [event.type, event.id])).toEqual([
      ["checkout.session.expired", expired.id],
      ["checkout.session.completed", completed.id],
      ["checkout.session.expired", expired.id],
    ]);
    expect(verifiedEvents()[1]).toMatchObject({ data: { object: { payment_status: "unpaid" } } });

    const settled = await control.settleAsync(first.id, true);
    expect(settled).toMatchObject({ type: "checkout.session.async_payment_succeeded" });
    expect((await control.state()).sessions.find((session) => session.id === first.id)).toMatchObject({
      payment_status: "paid",
    });
  });

  it("stays out of the store: nothing under app/, server/ or server.ts but tests imports a fake", () => {
    const store = fileURLToPath(new URL("../../../", import.meta.url));
    const sources = [
      ...["app", "server"].flatMap((folder) =>
        readdirSync(path.join(store, folder), { recursive: true, encoding: "utf8" }).map((file) =>
          path.join(store, folder, file),
        ),
      ),
      path.join(store, "server.ts"),
      // Tests beside the code may start the fake; the build leaves them out.
    ].filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test(-helper)?\.tsx?$/.test(file));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.filter((file) => /tests\/fakes|stripe-fake/.test(readFileSync(file, "utf8")))).toEqual([]);
  });
});

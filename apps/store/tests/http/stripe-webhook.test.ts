import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { startBuiltStore } from "../built-store.ts";
import { apiToken, BILLING, guestWithCart, rest } from "../e2e/http-shopper.ts";
import { type StripeFake, startStripeFake } from "../fakes/stripe/stripe-fake.ts";
import { ADMIN, expect, test } from "./fixtures.ts";

/**
 * Stripe's webhook on the built server (issue 42): its signature is checked over the body as it came,
 * through the whole HTTP stack (the cross-site refusal lets a call without Origin through, the REST
 * API's JSON parser never sees it), and an event that finds the store killed (kill -9) is sent again
 * by Stripe and settles the order once the store is back on the same data. (Killed between the
 * webhook's receipt and its answer, the event's transaction has not committed or has: either way the
 * retry completes it or finds it done, as the service tests show for a second delivery.)
 */

const WEBHOOK_SECRET = "whsec_http_test_vitrine";
const SECRET_KEY = "sk_test_http_vitrine";
const WEBHOOK_PATH = "/api/vitrine/v2/stripe/webhook";

let fake: StripeFake;
beforeAll(async () => {
  // Stripe's retries, on a clock that leaves a killed store the time to start again.
  fake = await startStripeFake({
    webhookSecret: WEBHOOK_SECRET,
    apiKey: SECRET_KEY,
    webhookRetryDelaysMs: [1000, 3000, 6000, 12000, 24000],
  });
});
afterAll(() => fake.close());

const storeEnv = () => ({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
});

const post = (origin: string, payload: string, headers: Record<string, string>) =>
  fetch(`${origin}${WEBHOOK_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: payload,
  });

test("the signature is checked over the raw body: a signed call without Origin is believed, a forged, old or altered one is a 400", async ({
  spareStore,
}) => {
  const spare = await spareStore(storeEnv());
  const token = await apiToken(spare.origin, ADMIN.email, ADMIN.password);
  // Off, nothing is believed: Stripe keeps the event and tries again later.
  const payload = JSON.stringify(
    { id: "evt_http_1", object: "event", type: "customer.created", data: { object: {} } },
    null,
    2,
  );
  const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  expect((await post(spare.origin, payload, { "Stripe-Signature": signed })).status).toBe(503);

  expect(
    (await rest(spare.origin, token, "PUT", "/settings", { payments: { stripe: { enabled: true } } })).status,
  ).toBe(200);
  // Pretty-printed, as Stripe sends it: parsed and written again, the body would no longer match.
  const believed = await post(spare.origin, payload, { "Stripe-Signature": signed });
  expect(believed.status).toBe(200);
  expect(await believed.json()).toEqual({ received: true });

  const refusals = {
    forged: Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }),
    old: Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    }),
  };
  for (const [what, signature] of Object.entries(refusals)) {
    const answer = await post(spare.origin, payload, { "Stripe-Signature": signature });
    expect(answer.status, what).toBe(400);
    expect(await answer.json(), what).toMatchObject({ code: "stripe_invalid_signature" });
  }
  const altered = await post(spare.origin, payload.replace("customer.created", "customer.deleted"), {
    "Stripe-Signature": signed,
  });
  expect(altered.status).toBe(400);
  expect((await post(spare.origin, payload, {})).status).toBe(400);
});

test("the store killed (kill -9) while Stripe's webhook is on its way: Stripe's retry settles the order once the store is back", async ({
  spareStore,
}) => {
  const first = await spareStore(storeEnv());
  const token = await apiToken(first.origin, ADMIN.email, ADMIN.password);
  await rest(first.origin, token, "PUT", "/settings", { payments: { stripe: { enabled: true } } });
  const made = await rest(first.origin, token, "POST", "/products", {
    type: "simple",
    translations: { en: { name: "Mug" } },
    regular_price: 1000,
    stock_quantity: 5,
  });
  expect(made.status).toBe(201);
  const guest = await guestWithCart(first.origin, made.body.id as number, 2);
  const placed = await fetch(`${first.origin}/api/store/v1/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: guest.cookie, "X-Vitrine-Nonce": guest.nonce },
    body: JSON.stringify({ billing_address: BILLING, payment_method: "stripe" }),
  });
  expect(placed.status).toBe(200);
  const order = (await placed.json()) as { order_id: number; payment_result: { redirect_url: string } };
  const sessionId = order.payment_result.redirect_url.split("/c/pay/")[1]!;

  // The store dies with no chance to answer; the shopper pays meanwhile.
  fake.setWebhookUrl(`${first.origin}${WEBHOOK_PATH}`);
  await fake.holdWebhooks(true);
  await fake.pay(sessionId, "succeeded");
  const [completed] = fake.heldEvents();
  await first.kill();
  await fake.releaseWebhooks();
  expect(fake.deliveries.filter((delivery) => delivery.eventId === completed!.id)).toMatchObject([
    { status: null, error: expect.any(String) },
  ]);

  // Back on the same data, at another address; Stripe's next try finds it.
  const again = await startBuiltStore({ ...storeEnv(), DATA_DIR: first.dataDir });
  try {
    fake.setWebhookUrl(`${again.origin}${WEBHOOK_PATH}`);
    await fake.whenDelivered(completed!.id);
    const token2 = await apiToken(again.origin, ADMIN.email, ADMIN.password);
    const after = await rest(again.origin, token2, "GET", `/orders/${order.order_id}`);
    expect(after.body).toMatchObject({ status: "processing" });
  } finally {
    await again.stop();
  }
});

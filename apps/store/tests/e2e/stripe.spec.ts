import type { BrowserContext, Page, Request } from "@playwright/test";
import Stripe from "stripe";
import { STRIPE_E2E_WEBHOOK_SECRET } from "../built-store.ts";
import { connectStripeFake } from "../fakes/stripe/control.ts";
import {
  ADMIN,
  adminApi,
  test as base,
  DEMO_STORE,
  expect,
  hydrated,
  type ListedProduct,
} from "./fixtures.ts";
import { fillBilling, seriousViolations, signInByForm, uniqueSuffix } from "./support.ts";

/**
 * Issue 42's "Done when" as a shopper and an owner see it: cards paid on Stripe's hosted page (the
 * fake Stripe that Playwright starts, tests/fakes/stripe), with and without JavaScript, paid late,
 * failed, declined, expired, refunded in part from the back office, and webhooks sent twice or
 * forged. Stripe is a store-wide setting, so these run on the worker's own demo store (its settings
 * put back after each test); the fake is one process for every worker, so the spec runs its tests
 * one after another and points the fake's webhooks at this worker's store at the start of each.
 */

const FAKE_URL = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;
const stripe = connectStripeFake(FAKE_URL);
/** The worker's demo store, its Stripe calls going to the fake. */
const STRIPE_STORE = { ...DEMO_STORE, STRIPE_API_URL: FAKE_URL };
const WEBHOOK_PATH = "/api/vitrine/v2/stripe/webhook";

type RestOrder = {
  id: number;
  status: string;
  total: number;
  currency: string;
  notes: Array<{ note: string }>;
  refunds: Array<{ id: number; reason: string; total: number }>;
  line_items: Array<{ name: string; quantity: number; total: number; taxes: Array<{ total: number }> }>;
};

type Shop = {
  origin: string;
  /** The store's data folder: its mail is written under it. */
  dataDir: string;
  /** A demo product with stock to spare, and its name. */
  product: ListedProduct & { name: string };
  /** A shopper's page (with or without scripts), its cart holding `quantity` of the product. */
  shopperWithCart: (options?: { quantity?: number; javaScriptEnabled?: boolean }) => Promise<Page>;
  /** An administrator's page, signed in. */
  adminPage: () => Promise<Page>;
  stock: () => Promise<number>;
  order: (id: number) => Promise<RestOrder>;
};

const test = base.extend<{ shop: Shop }>({
  shop: async ({ sharedStore, request, browser, baseURL }, use) => {
    const { origin, dataDir } = await sharedStore(STRIPE_STORE);
    await stripe.setWebhookUrl(`${origin}${WEBHOOK_PATH}`);
    const api = await adminApi(request, origin);
    // Stripe on, with a test key and the secret the fake signs its webhooks with.
    await api.call("PUT", "/settings", {
      payments: {
        stripe: {
          enabled: true,
          secret_key: "sk_test_vitrine_e2e",
          webhook_secret: STRIPE_E2E_WEBHOOK_SECRET,
        },
      },
    });
    const listed = await api.call<ListedProduct[]>("GET", "/products?per_page=100");
    const stocked = listed.find(
      (p) => p.type === "simple" && p.status === "publish" && (p.stock_quantity ?? 0) >= 20,
    );
    expect(stocked, "a simple demo product with stock").toBeDefined();
    const { name } = await api.call<{ name: string }>("GET", `/products/${stocked!.id}`);
    const contexts: BrowserContext[] = [];
    const newPage = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ baseURL: origin, javaScriptEnabled });
      contexts.push(context);
      return context.newPage();
    };
    await use({
      origin,
      dataDir,
      product: { ...stocked!, name },
      shopperWithCart: async ({ quantity = 1, javaScriptEnabled = true } = {}) => {
        const page = await newPage(javaScriptEnabled);
        await page.goto("/cart");
        const added = await page.request.post("/api/store/v1/cart/add-item", {
          data: { id: stocked!.id, quantity },
        });
        expect(added.ok(), `add-item: ${await added.text()}`).toBe(true);
        return page;
      },
      adminPage: async () => {
        const page = await newPage(true);
        await signInByForm(page, ADMIN);
        return page;
      },
      stock: async () => (await api.call<ListedProduct>("GET", `/products/${stocked!.id}`)).stock_quantity!,
      order: (id) => api.call<RestOrder>("GET", `/orders/${id}`),
    });
    for (const context of contexts) await context.close();
    // Whatever a test kept back goes now, and lands before the store's settings are put back.
    await stripe.holdWebhooks(false);
    await stripe.webhooksIdle();
    // Back to the main store, where playwright.config.ts points the fake.
    await stripe.setWebhookUrl(`${baseURL}${WEBHOOK_PATH}`);
    await api.revoke();
  },
});

// One fake Stripe for every worker: its webhooks go to one store at a time.
test.describe.configure({ mode: "serial" });

const receivedText = "Your payment has been received.";
const confirmingText = /^We are confirming your payment with Stripe/;
const paymentState = (page: Page) => page.locator(".payment-state");

/**
 * Fills the checkout, chooses "Credit or debit card" and places the order; answers once the fake's
 * hosted page shows, with the Checkout Session and the order it is for. With scripts, the order
 * goes through the Store API and the page moves on by itself; without, the form's POST is answered
 * with a 303 to Stripe's page.
 */
async function placeByCard(page: Page, email: string, { scripts = true, axe = false } = {}) {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  if (scripts) await hydrated(page);
  await fillBilling(page, { "Email address": email });
  await page.getByLabel("Credit or debit card").check();
  await page.getByLabel(/I have read and agree/).check();
  if (axe) expect(await seriousViolations(page)).toEqual([]);
  // What the click sends: the Store API's checkout (with scripts), and the way to Stripe's page.
  const storeApi: Request[] = [];
  const hosted: Request[] = [];
  const listen = (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/store/v1/checkout")
      storeApi.push(request);
    if (request.url().startsWith(`${FAKE_URL}/c/pay/`)) hosted.push(request);
  };
  page.on("request", listen);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE_URL}/c/pay/cs_test_`));
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeVisible();
  page.off("request", listen);
  const arrived = hosted[0]!;
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  expect(sessionId).toMatch(/^cs_test_/);
  const session = await stripe.session(sessionId);
  const orderId = Number(session!.metadata!.order_id);
  return { sessionId, orderId, storeApi, arrived };
}

/** The page's cart through the Store API: each line's product and quantity. */
async function cartLines(page: Page) {
  const cart = (await (await page.request.get("/api/store/v1/cart")).json()) as {
    items: Array<{ id: number; quantity: number }>;
  };
  return cart.items.map((item) => ({ id: item.id, quantity: item.quantity }));
}

/** The fake's events about a Checkout Session, in order, whether sent or kept back. */
async function eventsOf(sessionId: string) {
  const { events } = await stripe.state();
  return events.filter((event) => (event.data.object as { id?: string }).id === sessionId);
}

/** The session's `checkout.session.completed`: Stripe's word that the shopper paid. */
async function completedEvent(sessionId: string) {
  const completed = (await eventsOf(sessionId)).find((event) => event.type === "checkout.session.completed");
  expect(completed, `checkout.session.completed for ${sessionId}`).toBeDefined();
  return completed!;
}

function moneyOf(currency: string) {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency });
  return (cents: number) => format.format(cents / 100);
}

test("a card paid on Stripe's page with JavaScript: the receipt says so, the order is processing, the cart empty, the confirmation mailed", async ({
  shop,
  sentMail,
}) => {
  test.setTimeout(120_000);
  const email = `card-${uniqueSuffix()}@example.com`;
  const before = await shop.stock();
  const page = await shop.shopperWithCart();
  const { sessionId, orderId, storeApi } = await placeByCard(page, email, { axe: true });
  // Through the Store API and `window.location`, not the form's POST.
  expect(storeApi).toHaveLength(1);
  // Placed pending, its stock held, the cart kept while the shopper is at Stripe.
  expect((await shop.order(orderId)).status).toBe("pending");
  expect(await shop.stock()).toBe(before - 1);
  expect(await cartLines(page)).toEqual([{ id: shop.product.id, quantity: 1 }]);
  // Stripe is asked for what the order says, no more and no less.
  const order = await shop.order(orderId);
  expect((await stripe.session(sessionId))!.amount_total).toBe(order.total);
  await expect(page.locator("tfoot")).toContainText(moneyOf(order.currency)(order.total));

  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `^${shop.origin}/checkout/order-received/${orderId}\\?key=wc_order_[\\w-]+&session_id=${sessionId}$`,
    ),
  );
  await expect(paymentState(page)).toHaveText(receivedText);
  expect((await shop.order(orderId)).status).toBe("processing");
  expect(await shop.stock()).toBe(before - 1);
  await page.goto("/cart");
  await expect(page.getByText("Your cart is currently empty.")).toBeVisible();
  expect(await cartLines(page)).toEqual([]);
  await sentMail(email, `order #${orderId} has been received`, shop.dataDir);
});

test("a webhook that comes late: the receipt says the payment is being confirmed, then paid once Stripe's event lands, by itself", async ({
  shop,
}) => {
  test.setTimeout(120_000);
  const email = `late-${uniqueSuffix()}@example.com`;
  const page = await shop.shopperWithCart();
  const { sessionId, orderId } = await placeByCard(page, email);
  // Stripe's events kept back, and its answer about the session lost: the store cannot know yet.
  await stripe.holdWebhooks(true);
  const sessionPath = `/v1/checkout/sessions/${sessionId}`;
  await stripe.failUntilLifted(`GET ${sessionPath}`, 500);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${orderId}\\?`));
  await expect(paymentState(page)).toHaveText(confirmingText);
  await expect(paymentState(page).getByRole("link", { name: "Check again" })).toBeVisible();
  // The store did ask, and was refused each time.
  const asked = (await stripe.state()).requests.filter(
    (request) => request.method === "GET" && request.path === sessionPath,
  );
  expect(asked.length).toBeGreaterThan(0);
  expect(new Set(asked.map((request) => request.status))).toEqual(new Set([500]));
  expect((await shop.order(orderId)).status).toBe("pending");
  await hydrated(page);
  expect(await seriousViolations(page)).toEqual([]);

  const completed = await completedEvent(sessionId);
  await stripe.liftFailures();
  await stripe.releaseWebhooks();
  await stripe.whenDelivered(completed.id);
  // The page asks again on its own every few seconds.
  await expect(paymentState(page)).toHaveText(receivedText);
  expect((await shop.order(orderId)).status).toBe("processing");
});

test("without JavaScript: the form's POST is answered with a 303 to Stripe's page, and back from it the receipt asks Stripe and says paid", async ({
  shop,
}) => {
  test.setTimeout(120_000);
  const email = `nojs-${uniqueSuffix()}@example.com`;
  const before = await shop.stock();
  const page = await shop.shopperWithCart({ javaScriptEnabled: false });
  const { sessionId, orderId, arrived, storeApi } = await placeByCard(page, email, { scripts: false });
  expect(storeApi).toEqual([]);
  const posted = arrived.redirectedFrom();
  expect(posted?.method()).toBe("POST");
  expect(new URL(posted!.url()).pathname).toBe("/checkout");
  expect((await posted!.response())?.status()).toBe(303);

  // Stripe's webhook held back: the receipt learns of the payment by asking Stripe once.
  await stripe.holdWebhooks(true);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${orderId}\\?`));
  await expect(paymentState(page)).toHaveText(receivedText);
  const paid = await shop.order(orderId);
  expect(paid.status).toBe("processing");
  expect(await shop.stock()).toBe(before - 1);

  // The event that comes after changes nothing more.
  const completed = await completedEvent(sessionId);
  await stripe.releaseWebhooks();
  expect((await stripe.whenDelivered(completed.id)).status).toBe(200);
  const after = await shop.order(orderId);
  expect(after.status).toBe("processing");
  expect(after.notes).toEqual(paid.notes);
  expect(await shop.stock()).toBe(before - 1);
  await page.goto("/cart");
  await expect(page.getByText("Your cart is currently empty.")).toBeVisible();
});

test("a delayed payment that fails, and a declined card: the cart is kept and the stock comes back", async ({
  shop,
}) => {
  test.setTimeout(120_000);
  const email = `failed-${uniqueSuffix()}@example.com`;
  const before = await shop.stock();
  const page = await shop.shopperWithCart({ quantity: 2 });
  const { sessionId, orderId } = await placeByCard(page, email);
  await page.getByRole("button", { name: "Pay later" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${orderId}\\?`));
  // Paid later by the bank: not known yet, the order waits on hold.
  await expect(paymentState(page)).toHaveText(confirmingText);
  expect((await shop.order(orderId)).status).toBe("on-hold");
  expect(await shop.stock()).toBe(before - 2);

  const failed = await stripe.settleAsync(sessionId, false);
  expect(failed.type).toBe("checkout.session.async_payment_failed");
  await stripe.whenDelivered(failed.id);
  expect((await shop.order(orderId)).status).toBe("failed");
  expect(await shop.stock()).toBe(before);
  await expect(paymentState(page)).toContainText("Your payment did not go through");
  await paymentState(page).getByRole("link", { name: "Back to the cart" }).click();
  await expect(page).toHaveURL(`${shop.origin}/cart`);
  await expect(page.locator(".woocommerce-cart-form")).toContainText(shop.product.name);
  expect(await cartLines(page)).toEqual([{ id: shop.product.id, quantity: 2 }]);

  // Again, with a card that is declined: Stripe's page says so and leads back to the cart.
  const again = await placeByCard(page, email);
  expect(again.orderId).not.toBe(orderId);
  await page.getByRole("button", { name: "Pay and fail" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Your card was declined/);
  await page.getByRole("link", { name: "Back to the store" }).click();
  await expect(page).toHaveURL(`${shop.origin}/cart`);
  await expect(page.locator(".woocommerce-cart-form")).toContainText(shop.product.name);
  expect(await cartLines(page)).toEqual([{ id: shop.product.id, quantity: 2 }]);
  expect((await shop.order(again.orderId)).status).toBe("pending");
  expect((await eventsOf(again.sessionId)).map((event) => event.type)).toEqual([]);
});

test("an expired Checkout Session cancels its order and puts its stock back once, however often Stripe says so", async ({
  shop,
}) => {
  test.setTimeout(120_000);
  const before = await shop.stock();
  const page = await shop.shopperWithCart();
  const { sessionId, orderId } = await placeByCard(page, `expired-${uniqueSuffix()}@example.com`);
  expect(await shop.stock()).toBe(before - 1);

  const expired = await stripe.expire(sessionId);
  expect(expired.type).toBe("checkout.session.expired");
  await stripe.whenDelivered(expired.id);
  const cancelled = await shop.order(orderId);
  expect(cancelled.status).toBe("cancelled");
  expect(await shop.stock()).toBe(before);

  await stripe.resend(expired.id);
  await stripe.webhooksIdle();
  const deliveries = (await stripe.state()).deliveries.filter((delivery) => delivery.eventId === expired.id);
  expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
  const after = await shop.order(orderId);
  expect(after.status).toBe("cancelled");
  expect(after.notes).toEqual(cancelled.notes);
  expect(await shop.stock()).toBe(before);
});

test("a partial refund from the order's page goes to Stripe with an idempotency key, and shows on the order and in the shopper's mail", async ({
  shop,
  sentMail,
}) => {
  test.setTimeout(120_000);
  const email = `refund-${uniqueSuffix()}@example.com`;
  const page = await shop.shopperWithCart({ quantity: 2 });
  const { sessionId, orderId } = await placeByCard(page, email);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(paymentState(page)).toHaveText(receivedText);
  const order = await shop.order(orderId);
  expect(order.status).toBe("processing");
  const paymentIntent = (await stripe.session(sessionId))!.payment_intent as string;
  expect(paymentIntent).toMatch(/^pi_/);
  const money = moneyOf(order.currency);
  // One of the two items, with its tax.
  const [line] = order.line_items;
  const unit = (line!.total + line!.taxes.reduce((sum, tax) => sum + tax.total, 0)) / 2;

  const admin = await shop.adminPage();
  await admin.goto(`/admin/orders/${orderId}`);
  await hydrated(admin);
  const refunds = admin.getByRole("region", { name: "Refunds" });
  await expect(refunds.locator(".net-total")).toHaveText(money(order.total));
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  const item = refunds.getByRole("group", { name: line!.name });
  await item.getByLabel("Quantity to refund").fill("1");
  await expect(item.getByLabel(/Amount to refund/)).toHaveValue((unit / 100).toFixed(2));
  await refunds.getByLabel("Reason for the refund (optional)").fill("One cracked on arrival");
  await refunds.getByRole("button", { name: `Refund ${money(unit)}` }).click();
  await expect(admin.getByRole("status").and(admin.locator(".order-message"))).toHaveText(
    `${money(unit)} was refunded.`,
  );
  await expect(refunds.locator(".net-total")).toHaveText(money(order.total - unit));
  await expect(refunds.locator(".order-refunds")).toContainText(`1 × ${line!.name}`);
  await expect(refunds.locator(".order-refunds")).toContainText("One cracked on arrival");

  // Stripe was asked for that amount of that payment, once, with a key that makes a retry safe.
  const asked = (await stripe.state()).requests.filter(
    (request) => request.method === "POST" && request.path === "/v1/refunds",
  );
  const ours = asked.filter((request) => request.params.payment_intent === paymentIntent);
  expect(ours).toHaveLength(1);
  expect(ours[0]!.params.amount).toBe(String(unit));
  expect(ours[0]!.status).toBe(200);
  expect(ours[0]!.idempotencyKey).toEqual(expect.any(String));
  expect(ours[0]!.idempotencyKey!.length).toBeGreaterThan(8);
  // Stripe's own `charge.refunded` for it, when it lands, adds no second refund.
  await stripe.webhooksIdle();
  const refunded = await shop.order(orderId);
  expect(refunded.refunds.map((refund) => refund.total)).toEqual([-unit]);

  const mail = await sentMail(email, `order #${orderId} has been partly refunded`, shop.dataDir);
  expect(mail).toContain(`Refunded: ${money(unit)}`);
  expect(mail).toContain("One cracked on arrival");
  expect(mail).toContain(`Order total after refunds: ${money(order.total - unit)}`);
});

test("a webhook sent twice and a forged one change nothing", async ({ shop, request }) => {
  test.setTimeout(120_000);
  const before = await shop.stock();
  const page = await shop.shopperWithCart();
  const paid = await placeByCard(page, `twice-${uniqueSuffix()}@example.com`);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(paymentState(page)).toHaveText(receivedText);
  const completed = await completedEvent(paid.sessionId);
  await stripe.whenDelivered(completed.id);
  const settled = await shop.order(paid.orderId);
  expect(settled.status).toBe("processing");

  // The same event again, as Stripe's dashboard resends it: answered, and nothing changes twice.
  await stripe.resend(completed.id);
  await stripe.webhooksIdle();
  const deliveries = (await stripe.state()).deliveries.filter(
    (delivery) => delivery.eventId === completed.id,
  );
  expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
  const again = await shop.order(paid.orderId);
  expect(again.status).toBe("processing");
  expect(again.notes).toEqual(settled.notes);
  expect(await shop.stock()).toBe(before - 1);

  // Another order, left on Stripe's page; a "paid" event for it that Stripe did not sign.
  const shopper = await shop.shopperWithCart();
  const open = await placeByCard(shopper, `forged-${uniqueSuffix()}@example.com`);
  const pending = await shop.order(open.orderId);
  const stockPending = await shop.stock();
  const session = (await stripe.session(open.sessionId))!;
  const payload = JSON.stringify({
    ...completed,
    id: `evt_forged_${uniqueSuffix()}`,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        ...session,
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_forged_${uniqueSuffix()}`,
      },
    },
  });
  const post = (signature: string | null) =>
    request.post(`${shop.origin}${WEBHOOK_PATH}`, {
      data: payload,
      headers: {
        "Content-Type": "application/json",
        ...(signature === null ? {} : { "Stripe-Signature": signature }),
      },
    });
  const forged = [
    // Signed with another secret.
    Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_the_stores" }),
    // Signed with the right one, an hour ago: a replay.
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_E2E_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    }),
    "t=1,v1=0000",
    null,
  ];
  for (const signature of forged) expect((await post(signature)).status(), String(signature)).toBe(400);
  const untouched = await shop.order(open.orderId);
  expect(untouched.status).toBe("pending");
  expect(untouched.notes).toEqual(pending.notes);
  expect(await shop.stock()).toBe(stockPending);
  expect((await shop.order(paid.orderId)).notes).toEqual(settled.notes);
  // The same event, had Stripe signed it just now, would have paid the order: only the signature held it back.
  const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_E2E_WEBHOOK_SECRET });
  expect((await post(signed)).status()).toBe(200);
  expect((await shop.order(open.orderId)).status).toBe("processing");
});

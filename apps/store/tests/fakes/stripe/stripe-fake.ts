import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { handleControl } from "./control.ts";
import { type PageView, pageLanguage, renderPage } from "./hosted-page.ts";
import { createStripeApi, type Failure, type RecordedRequest } from "./stripe-api.ts";
import { type PayOutcome, type PayResult, StripeLedger } from "./stripe-ledger.ts";
import type {
  Charge,
  CheckoutSession,
  Dispute,
  PaymentIntent,
  Refund,
  StripeEvent,
} from "./stripe-objects.ts";
import { TEST_RETRY_DELAYS_MS, type WebhookDelivery, WebhookSender } from "./webhook-sender.ts";

export type { Failure, PayOutcome, PayResult, RecordedRequest, StripeEvent, WebhookDelivery };

/**
 * A small Stripe for tests, on loopback: the few API endpoints a Checkout integration calls
 * (sessions, refunds, payment intents), checked the way Stripe checks them, a hosted payment page
 * without script, and signed webhooks delivered and retried as Stripe does. Tests point the official
 * `stripe` client at it with `{ host: "127.0.0.1", port, protocol: "http" }`. It is test code only:
 * nothing under app/ or server/ imports it. README.md says what it checks and what it does not.
 */

export type StripeFakeOptions = {
  /** The endpoint's signing secret (`whsec_…`): what the store verifies `Stripe-Signature` with. */
  webhookSecret: string;
  /** Where events go; none means events are made and kept but sent nowhere, as with no endpoint. */
  webhookUrl?: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** The one secret key accepted; absent, any `sk_test_…` key is. */
  apiKey?: string;
  /** `api_version` of the events; stripe-node's own version when absent. */
  apiVersion?: string;
  /** Waits before each webhook retry (default 200 ms, 500 ms, 1 s, 2 s, 4 s, then given up). */
  webhookRetryDelaysMs?: number[];
};

export interface StripeFake {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Every API call, in order (the hosted page and the control routes are not API calls). */
  readonly requests: RecordedRequest[];
  /** Every event made, in order, whether sent, held or not sent for want of an endpoint. */
  readonly events: StripeEvent[];
  /** Every attempt to deliver an event, in order. */
  readonly deliveries: WebhookDelivery[];
  close(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  /**
   * The next `times` API calls whose route matches fail: `"POST /v1/refunds"` or `"/v1/refunds"`
   * (exact path, any method), or a RegExp tried on the path. stripe-node's default client tries a
   * call twice on a 5xx and three times on a reset (once more than `maxNetworkRetries`), each time
   * with the same idempotency key; failures it does not use up stay for the next calls.
   */
  failNext(route: string | RegExp, failure: Failure, times?: number): void;
  /**
   * Every call whose route matches fails until `liftFailures`. A test of "Stripe is unreachable"
   * uses this rather than counting stripe-node's attempts: a keep-alive socket the fake closed
   * while idle costs the client an extra attempt that never reaches the fake, so the count of
   * attempts that do reach it is not fixed.
   */
  failUntilLifted(route: string | RegExp, failure: Failure): void;
  /** Every failure asked for, counted or not, is dropped: Stripe answers again. */
  liftFailures(): void;
  sessions(): CheckoutSession[];
  session(id: string): CheckoutSession | undefined;
  paymentIntent(id: string): PaymentIntent | undefined;
  charge(id: string): Charge | undefined;
  /** What the hosted page's buttons do; resolves after the first delivery attempt of the event. */
  pay(sessionId: string, outcome: PayOutcome): Promise<PayResult>;
  /** A delayed payment (`async`) settles: `async_payment_succeeded`, or `async_payment_failed`. */
  settleAsync(sessionId: string, ok: boolean): Promise<StripeEvent>;
  /** As the API's expire: an open session expires and `checkout.session.expired` is sent. */
  expire(sessionId: string): Promise<StripeEvent>;
  /** A refund made in Stripe's dashboard, not through the API: the store learns of it by webhook only. */
  refundFromDashboard(paymentIntentId: string, amount?: number): Promise<Refund>;
  /** A refund fails after the fact (`expired_or_canceled_card` …): `refund.failed`. */
  failRefund(refundId: string, reason?: string): Promise<StripeEvent>;
  /** The shopper's bank disputes the charge: `charge.dispute.created`. */
  dispute(paymentIntentId: string, reason?: string): Promise<Dispute>;
  /** Sends an event again, same id and same content, as the dashboard's "Resend" does. */
  resend(eventId: string): Promise<void>;
  /** Keep new events back (true), or stop keeping them and send those kept, oldest first (false). */
  holdWebhooks(hold: boolean): Promise<void>;
  heldEvents(): StripeEvent[];
  /** Sends kept events: those named, in the order named, or all, oldest first; holding goes on. */
  releaseWebhooks(order?: string[]): Promise<void>;
  /** The first 2xx delivery of an event; rejects once its retries are given up. */
  whenDelivered(eventId: string): Promise<WebhookDelivery>;
  /** Resolves when no delivery attempt is running or waiting for its retry. */
  webhooksIdle(): Promise<void>;
}

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const apiVersion = options.apiVersion ?? Stripe.API_VERSION;
  const sender = new WebhookSender(
    options.webhookSecret,
    options.webhookUrl,
    options.webhookRetryDelaysMs ?? TEST_RETRY_DELAYS_MS,
  );
  const ledger = new StripeLedger(sender, apiVersion);
  let base = "";
  const api = createStripeApi(ledger, { apiKey: options.apiKey, apiVersion, pageBase: () => base });

  /** Stripe's hosted Checkout page: the session's lines and total, and the outcome buttons. */
  async function hostedPage(request: http.IncomingMessage, response: http.ServerResponse, sessionId: string) {
    const state = ledger.sessionState(sessionId);
    let view: PageView = { kind: "missing" };
    if (state?.session.status === "open") {
      let declined = false;
      if (request.method === "POST") {
        const outcome = new URLSearchParams(await readBody(request)).get("outcome");
        if (outcome !== "succeeded" && outcome !== "failed" && outcome !== "async") {
          response.writeHead(400, { "Content-Type": "text/plain" }).end("Unknown outcome");
          return;
        }
        const result = await ledger.pay(sessionId, outcome);
        if (result.redirectUrl) {
          response.writeHead(303, { Location: result.redirectUrl }).end();
          return;
        }
        // A declined card keeps the shopper on Stripe's page, to try again or go back to the store.
        declined = result.declined;
      }
      const { session, lines, shippingName } = state;
      view = { kind: "open", session, lines, shippingName, declined };
    } else if (state) {
      view = { kind: state.session.status === "complete" ? "complete" : "expired", session: state.session };
    }
    const language = pageLanguage(state?.session.locale, request.headers["accept-language"]);
    response
      .writeHead(view.kind === "missing" ? 404 : 200, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
      })
      .end(renderPage(view, language, `/c/pay/${encodeURIComponent(sessionId)}`));
  }

  async function route(request: http.IncomingMessage, response: http.ServerResponse, fake: StripeFake) {
    const url = new URL(request.url ?? "/", base);
    const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (url.pathname.startsWith("/v1/")) {
      return api.handle(request, response, url.pathname, url.search.slice(1), await readBody(request));
    }
    if (page) return hostedPage(request, response, decodeURIComponent(page[1]!));
    if (url.pathname.startsWith("/_fake/"))
      return handleControl(fake, request, response, url.pathname, readBody);
    if (url.pathname === "/healthz")
      return response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
  }

  const server = http.createServer((request, response) => {
    route(request, response, fake).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "Content-Type": "text/plain" });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  const fake: StripeFake = {
    url: base,
    host: "127.0.0.1",
    port,
    requests: api.requests,
    events: ledger.events,
    deliveries: sender.deliveries,
    close: async () => {
      sender.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    setWebhookUrl: (url) => sender.setUrl(url),
    failNext: (route, failure, times) => api.failNext(route, failure, times),
    failUntilLifted: (route, failure) => api.failUntilLifted(route, failure),
    liftFailures: () => api.liftFailures(),
    sessions: () => ledger.sessions(),
    session: (id) => ledger.sessionState(id)?.session,
    paymentIntent: (id) => ledger.paymentIntent(id),
    charge: (id) => ledger.charge(id),
    pay: (sessionId, outcome) => ledger.pay(sessionId, outcome),
    settleAsync: (sessionId, ok) => ledger.settleAsync(sessionId, ok),
    expire: async (sessionId) => {
      const { event, sent } = ledger.expire(sessionId, null);
      await sent;
      return event;
    },
    refundFromDashboard: async (paymentIntentId, amount) => {
      const { refund, sent } = ledger.refund(
        { paymentIntent: paymentIntentId },
        amount,
        {},
        "requested_by_customer",
        null,
      );
      await sent;
      return refund;
    },
    failRefund: (refundId, reason = "expired_or_canceled_card") => ledger.failRefund(refundId, reason),
    dispute: (paymentIntentId, reason = "fraudulent") => ledger.dispute(paymentIntentId, reason),
    resend: (eventId) => sender.send(ledger.event(eventId)),
    holdWebhooks: (hold) => sender.hold(hold),
    heldEvents: () => sender.heldEvents(),
    releaseWebhooks: (order) => sender.release(order),
    whenDelivered: (eventId) => sender.whenDelivered(eventId),
    webhooksIdle: () => sender.idle(),
  };
  return fake;
}

const BODY_LIMIT = 1_000_000;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > BODY_LIMIT) request.destroy(new Error("Body too large"));
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

import Stripe from "stripe";
import type { StripeEvent } from "./stripe-objects.ts";

/** One attempt to deliver one event: the receiver's status, or the connection error. */
export type WebhookDelivery = {
  eventId: string;
  type: string;
  attempt: number;
  url: string;
  status: number | null;
  error: string | null;
};

/** Stripe retries for days; the fake keeps the shape (growing gaps, then it gives up) on a test's clock. */
export const TEST_RETRY_DELAYS_MS = [200, 500, 1000, 2000, 4000];

type Waiter = { resolve: (delivery: WebhookDelivery) => void; reject: (error: Error) => void };

/**
 * Sends events to the endpoint as Stripe does: a JSON POST signed in `Stripe-Signature` by the
 * official library (each attempt signed afresh, as Stripe re-signs its retries), a non-2xx answer or
 * a connection error retried after each of the delays, then given up. `send` waits for the first
 * attempt only, so a caller (the hosted page) can deliver first and redirect after, while retries run
 * on their own. Events can be held and released later, in an order of the test's choosing.
 */
export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  private url: string | undefined;
  private holding = false;
  private readonly held: StripeEvent[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly delivered = new Map<string, WebhookDelivery>();
  private readonly givenUp = new Set<string>();
  private readonly waiters = new Map<string, Waiter[]>();
  private running = 0;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly secret: string,
    url: string | undefined,
    private readonly retryDelaysMs: readonly number[] = TEST_RETRY_DELAYS_MS,
    private readonly timeoutMs = 10_000,
  ) {
    this.url = url;
  }

  setUrl(url: string | undefined) {
    this.url = url;
  }

  /** Holding keeps new events back; letting go sends what was kept, oldest first. */
  async hold(on: boolean) {
    this.holding = on;
    if (!on) await this.release();
  }

  heldEvents(): StripeEvent[] {
    return [...this.held];
  }

  /** Sends held events: the ones named, in the order named, or all of them oldest first. */
  async release(order?: string[]) {
    const chosen = order
      ? order.map((id) => {
          const event = this.held.find((held) => held.id === id);
          if (!event) throw new Error(`No held event ${id}`);
          return event;
        })
      : [...this.held];
    for (const event of chosen) {
      this.held.splice(this.held.indexOf(event), 1);
      await this.deliver(event);
    }
  }

  /** Queues the event when holding; else makes the first attempt and schedules any retries. */
  async send(event: StripeEvent) {
    if (this.holding) {
      this.held.push(event);
      return;
    }
    await this.deliver(event);
  }

  /** The first successful delivery of an event; rejects if Stripe would have given up on it. */
  whenDelivered(eventId: string): Promise<WebhookDelivery> {
    const done = this.delivered.get(eventId);
    if (done) return Promise.resolve(done);
    if (this.givenUp.has(eventId)) {
      return Promise.reject(
        new Error(`Delivery of ${eventId} was given up (or there is no webhook endpoint)`),
      );
    }
    return new Promise((resolve, reject) => {
      this.waiters.set(eventId, [...(this.waiters.get(eventId) ?? []), { resolve, reject }]);
    });
  }

  /** Resolves once no attempt is running or waiting to be retried. */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.running = 0;
    this.settleIdle();
  }

  private async deliver(event: StripeEvent) {
    // Without an endpoint Stripe records the event and sends it nowhere.
    if (!this.url || this.closed) {
      this.givenUp.add(event.id);
      this.settleWaiters(event.id, null);
      return;
    }
    this.running += 1;
    this.givenUp.delete(event.id);
    await this.attempt(event, 1);
  }

  private async attempt(event: StripeEvent, attempt: number) {
    const url = this.url;
    if (this.closed || !url) return this.finish(event, null);
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
    const delivery: WebhookDelivery = {
      eventId: event.id,
      type: event.type,
      attempt,
      url,
      status: null,
      error: null,
    };
    try {
      const answer = await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": signature,
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      delivery.status = answer.status;
      await answer.arrayBuffer().catch(() => undefined);
    } catch (error) {
      delivery.error =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
    }
    if (this.closed) return;
    this.deliveries.push(delivery);
    if (delivery.status !== null && delivery.status >= 200 && delivery.status < 300)
      return this.finish(event, delivery);
    const delay = this.retryDelaysMs[attempt - 1];
    if (delay === undefined) return this.finish(event, null);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, attempt + 1);
    }, delay);
    this.timers.add(timer);
  }

  private finish(event: StripeEvent, delivery: WebhookDelivery | null) {
    if (delivery) this.delivered.set(event.id, delivery);
    else if (!this.delivered.has(event.id)) this.givenUp.add(event.id);
    this.settleWaiters(event.id, delivery);
    this.running = Math.max(0, this.running - 1);
    this.settleIdle();
  }

  private settleWaiters(eventId: string, delivery: WebhookDelivery | null) {
    for (const waiter of this.waiters.get(eventId) ?? []) {
      if (delivery) waiter.resolve(delivery);
      else waiter.reject(new Error(`Delivery of ${eventId} was given up (or there is no webhook endpoint)`));
    }
    this.waiters.delete(eventId);
  }

  private settleIdle() {
    if (this.running > 0) return;
    const waiting = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiting) resolve();
  }
}

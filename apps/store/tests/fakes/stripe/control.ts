import type http from "node:http";
import { StripeApiError } from "./form-params.ts";
import type { StripeFake } from "./stripe-fake.ts";

/**
 * The fake's test controls over HTTP, for a fake that runs in its own process (Playwright's
 * webServer): `POST /_fake/<method>` with the method's arguments as a JSON array calls that method
 * of the StripeFake, and `GET /_fake/state` answers what it holds. `connectStripeFake` wraps both
 * with the same names, so a browser test drives the fake as a Vitest test does in-process.
 */

const METHODS = [
  "pay",
  "settleAsync",
  "expire",
  "refundFromDashboard",
  "dispute",
  "resend",
  "holdWebhooks",
  "heldEvents",
  "releaseWebhooks",
  "setWebhookUrl",
  "failNext",
  "failUntilLifted",
  "liftFailures",
  "sessions",
  "session",
  "paymentIntent",
  "charge",
  "whenDelivered",
  "webhooksIdle",
] as const satisfies ReadonlyArray<keyof StripeFake>;

type ControlMethod = (typeof METHODS)[number];
type Remote<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/** What the fake holds and has done: for assertions from another process. */
export type StripeFakeState = Pick<StripeFake, "requests" | "events" | "deliveries"> & {
  sessions: ReturnType<StripeFake["sessions"]>;
};

export type StripeFakeControl = { [M in ControlMethod]: Remote<StripeFake[M]> } & {
  state(): Promise<StripeFakeState>;
};

export async function handleControl(
  fake: StripeFake,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  path: string,
  readBody: (request: http.IncomingMessage) => Promise<string>,
) {
  const reply = (status: number, body: unknown) =>
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body ?? null));
  const name = path.slice("/_fake/".length);
  if (request.method === "GET" && name === "state") {
    const state: StripeFakeState = {
      requests: fake.requests,
      events: fake.events,
      deliveries: fake.deliveries,
      sessions: fake.sessions(),
    };
    return reply(200, state);
  }
  if (request.method !== "POST" || !(METHODS as readonly string[]).includes(name)) {
    return reply(404, { error: `No control ${request.method} ${path}` });
  }
  const text = await readBody(request);
  const args: unknown = text ? JSON.parse(text) : [];
  if (!Array.isArray(args))
    return reply(400, { error: "The body is the method's arguments, as a JSON array" });
  // A route pattern crosses JSON as a string; `{ "regexp": "…" }` stands for a RegExp.
  if (typeof args[0] === "object" && args[0] !== null && "regexp" in args[0]) {
    args[0] = new RegExp(String(args[0].regexp));
  }
  try {
    const method = fake[name as ControlMethod] as (...values: unknown[]) => unknown;
    return reply(200, await method(...args));
  } catch (error) {
    const message = error instanceof StripeApiError || error instanceof Error ? error.message : String(error);
    return reply(409, { error: message });
  }
}

/** A client of the controls above, for a fake started by `main.ts` in another process. */
export function connectStripeFake(url: string): StripeFakeControl {
  const call = async (name: string, args: unknown[]) => {
    const answer = await fetch(`${url}/_fake/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(args.map((arg) => (arg instanceof RegExp ? { regexp: arg.source } : arg))),
    });
    const body = (await answer.json()) as unknown;
    if (!answer.ok) throw new Error(`Stripe fake ${name}: ${(body as { error: string }).error}`);
    return body;
  };
  const control = Object.fromEntries(
    METHODS.map((name) => [name, (...args: unknown[]) => call(name, args)]),
  ) as unknown as StripeFakeControl;
  control.state = async () => (await (await fetch(`${url}/_fake/state`)).json()) as StripeFakeState;
  return control;
}

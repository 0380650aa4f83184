import type http from "node:http";
import { canonical, decodeParams, invalid, ParamReader, type Params, StripeApiError } from "./form-params.ts";
import { readSessionParams } from "./session-params.ts";
import { notFound, type StripeLedger } from "./stripe-ledger.ts";
import type { PaymentIntent } from "./stripe-objects.ts";
import { stripeId } from "./stripe-objects.ts";

/**
 * The fake's `/v1/` API as Stripe answers it: the secret key checked first, then the idempotency
 * key (the same key and parameters replay the first answer, other parameters are an
 * `idempotency_error`), then the parameters, then the work. Every call is recorded, and a test can
 * make the next calls fail the way a network or Stripe itself fails.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  /** Decoded parameters: the form body of a POST, the query of a GET. */
  params: Params;
  idempotencyKey: string | null;
  /** 0 when the fake reset the connection or never answered. */
  status: number;
  /** Answered from the idempotency store rather than run again. */
  replayed: boolean;
  requestId: string;
};

/** An HTTP status to answer with (in Stripe's error shape), a reset connection, or no answer at all. */
export type Failure = number | "reset" | "hang";

type Answer = { status: number; body: unknown };
type Caller = { requestId: string; idempotencyKey: string | null };
/**
 * A handler reads and checks its parameters, then returns the work. Stripe keeps an answer for
 * idempotency only once the work has begun: a request refused for its parameters can be retried.
 */
type Handler = (params: ParamReader, id: string, caller: Caller) => () => Answer;

const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

function withExpansions(
  object: object,
  expand: string[],
  expansions: Record<string, () => unknown>,
): unknown {
  const copy = structuredClone(object) as Record<string, unknown>;
  for (const name of expand) {
    const [head, ...rest] = name.split(".") as [string, ...string[]];
    const value = expansions[head]?.();
    copy[head] =
      value && typeof value === "object" && rest.length > 0
        ? withExpansions(value, [rest.join(".")], expansions)
        : value;
  }
  return copy;
}

export function createStripeApi(
  ledger: StripeLedger,
  options: { apiKey?: string; apiVersion: string; pageBase: () => string },
) {
  const requests: RecordedRequest[] = [];
  const idempotency = new Map<string, { route: string; params: string; answer: Answer; requestId: string }>();
  const failures: Array<{ route: string | RegExp; failure: Failure; remaining: number }> = [];

  const latestCharge = (intent: PaymentIntent | undefined) => () =>
    intent?.latest_charge ? (ledger.charge(String(intent.latest_charge)) ?? null) : null;

  const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      handler: (params) => {
        const input = readSessionParams(params);
        return () => ({ status: 200, body: ledger.createSession(input, options.pageBase()) });
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions$/,
      handler: (params) => {
        params.only("payment_intent", "limit", "expand");
        params.expand([]);
        const paymentIntent = params.string("payment_intent");
        const limit = params.integer("limit", 1) ?? 10;
        return () => {
          // Newest first, as Stripe lists; `payment_intent` names the one session that made it.
          const matching = ledger
            .sessions()
            .filter((session) => !paymentIntent || session.payment_intent === paymentIntent)
            .reverse();
          return { status: 200, body: listOf(matching, limit, "/v1/checkout/sessions") };
        };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handler: (params, id) => {
        params.only("expand");
        const expand = params.expand(["payment_intent", "payment_intent.latest_charge"]);
        return () => {
          const { session } = ledger.requireSession(id);
          const intent = session.payment_intent
            ? ledger.paymentIntent(String(session.payment_intent))
            : undefined;
          const body = withExpansions(session, expand, {
            payment_intent: () => intent ?? null,
            latest_charge: latestCharge(intent),
          });
          return { status: 200, body };
        };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      handler: (params, id, caller) => {
        params.only("expand");
        params.expand([]);
        return () => ({ status: 200, body: ledger.expire(id, caller).session });
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      handler: (params, _id, caller) => {
        params.only("payment_intent", "charge", "amount", "metadata", "reason", "expand");
        params.expand([]);
        const paymentIntent = params.string("payment_intent");
        const charge = params.string("charge");
        if (!paymentIntent && !charge) {
          throw invalid(
            "One of the following params should be provided for this request: payment_intent or charge.",
            undefined,
            "parameter_missing",
          );
        }
        const amount = params.integer("amount", 1);
        const metadata = params.metadata();
        const reason = params.oneOf("reason", REFUND_REASONS) ?? null;
        return () => {
          const { refund } = ledger.refund({ paymentIntent, charge }, amount, metadata, reason, caller);
          return { status: 200, body: refund };
        };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds$/,
      handler: (params) => {
        params.only("payment_intent", "charge", "limit", "expand");
        params.expand([]);
        const filter = { paymentIntent: params.string("payment_intent"), charge: params.string("charge") };
        const limit = params.integer("limit", 1) ?? 10;
        return () => {
          // Newest first, as Stripe lists.
          const matching = ledger.refunds(filter).reverse();
          return { status: 200, body: listOf(matching, limit, "/v1/refunds") };
        };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handler: (params, id) => {
        params.only("expand");
        params.expand([]);
        return () => {
          const refund = ledger.refunds().find((candidate) => candidate.id === id);
          if (!refund) throw notFound("refund", id, "id");
          return { status: 200, body: refund };
        };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handler: (params, id) => {
        params.only("expand", "client_secret");
        const expand = params.expand(["latest_charge"]);
        return () => {
          const intent = ledger.requirePaymentIntent(id);
          return {
            status: 200,
            body: withExpansions(intent, expand, { latest_charge: latestCharge(intent) }),
          };
        };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/charges\/([^/]+)$/,
      handler: (params, id) => {
        params.only("expand");
        const expand = params.expand(["refunds"]);
        return () => {
          const charge = ledger.charge(id);
          if (!charge) throw notFound("charge", id, "id");
          const refunds = () => ({
            object: "list",
            data: ledger.refunds({ charge: id }).reverse(),
            has_more: false,
            url: `/v1/charges/${id}/refunds`,
          });
          return { status: 200, body: withExpansions(charge, expand, { refunds }) };
        };
      },
    },
  ];

  function authenticate(header: string | undefined) {
    let key: string | undefined;
    if (header?.startsWith("Bearer ")) key = header.slice("Bearer ".length).trim();
    else if (header?.startsWith("Basic "))
      key = Buffer.from(header.slice("Basic ".length), "base64").toString().split(":")[0];
    if (!key) {
      throw new StripeApiError(
        401,
        "invalid_request_error",
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    // A live key never belongs in a test; a restricted or publishable key cannot do what the store does.
    if (!key.startsWith("sk_test_") || (options.apiKey !== undefined && key !== options.apiKey)) {
      const masked = `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
      throw new StripeApiError(401, "invalid_request_error", `Invalid API Key provided: ${masked}`);
    }
  }

  function takeFailure(method: string, path: string): Failure | undefined {
    const found = failures.find(({ route }) => {
      if (route instanceof RegExp) return route.test(path);
      const [first, second] = route.split(" ");
      return second === undefined ? first === path : first === method && second === path;
    });
    if (!found) return undefined;
    found.remaining -= 1;
    if (found.remaining <= 0) failures.splice(failures.indexOf(found), 1);
    return found.failure;
  }

  /** Runs one call; throws Stripe's errors for the caller to answer. */
  function run(
    method: string,
    path: string,
    params: Params,
    caller: Caller,
    authorization: string | undefined,
  ): Answer & { replayedFrom?: string } {
    authenticate(authorization);
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!route) {
      throw new StripeApiError(
        404,
        "invalid_request_error",
        `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      );
    }
    const key = method === "POST" ? caller.idempotencyKey : null;
    if (key !== null && key.length > 255)
      throw invalid(
        "Idempotency keys can be up to 255 characters long.",
        undefined,
        "idempotency_key_too_long",
      );
    const routeName = `${method} ${path}`;
    const stored = key === null ? undefined : idempotency.get(key);
    if (stored) {
      const retry = `Try using a key other than '${key}' if you meant to execute a different request.`;
      if (stored.route !== routeName) {
        throw new StripeApiError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.route}' vs '${routeName}'). ${retry}`,
        );
      }
      if (stored.params !== canonical(params)) {
        throw new StripeApiError(
          400,
          "idempotency_error",
          `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`,
        );
      }
      return { ...stored.answer, replayedFrom: stored.requestId };
    }
    const id = decodeURIComponent(route.pattern.exec(path)?.[1] ?? "");
    const work = route.handler(new ParamReader(params), id, caller);
    let answer: Answer;
    try {
      answer = work();
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer = { status: error.status, body: error.body() };
    }
    if (key !== null)
      idempotency.set(key, {
        route: routeName,
        params: canonical(params),
        answer,
        requestId: caller.requestId,
      });
    return answer;
  }

  async function handle(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    path: string,
    query: string,
    body: string,
  ) {
    const method = request.method ?? "GET";
    const requestId = stripeId("req", 14);
    const header = request.headers["idempotency-key"];
    const caller: Caller = { requestId, idempotencyKey: typeof header === "string" ? header : null };
    let params: Params = {};
    let unreadable: unknown;
    try {
      params = decodeParams(method === "POST" ? body : query);
    } catch (error) {
      unreadable = error;
    }
    const record = (status: number, replayed: boolean) =>
      requests.push({
        method,
        path,
        params,
        idempotencyKey: caller.idempotencyKey,
        status,
        replayed,
        requestId,
      });
    const answer = (status: number, payload: unknown, replayedFrom?: string) => {
      record(status, replayedFrom !== undefined);
      response.writeHead(status, {
        "Content-Type": "application/json",
        "Request-Id": requestId,
        "Stripe-Version": String(request.headers["stripe-version"] ?? options.apiVersion),
        ...(caller.idempotencyKey ? { "Idempotency-Key": caller.idempotencyKey } : {}),
        ...(replayedFrom ? { "Idempotent-Replayed": "true", "Original-Request": replayedFrom } : {}),
      });
      response.end(JSON.stringify(payload, null, 2));
    };

    const failure = takeFailure(method, path);
    if (failure === "reset" || failure === "hang") {
      record(0, false);
      if (failure === "reset") request.socket.destroy();
      return;
    }
    if (failure !== undefined) return answer(failure, failureError(failure).body());
    try {
      if (unreadable) throw unreadable;
      const result = run(method, path, params, caller, request.headers.authorization);
      answer(result.status, result.body, result.replayedFrom);
    } catch (error) {
      const refused =
        error instanceof StripeApiError ? error : new StripeApiError(500, "api_error", String(error));
      answer(refused.status, refused.body());
    }
  }

  return {
    requests,
    handle,
    failNext(route: string | RegExp, failure: Failure, times = 1) {
      failures.push({ route, failure, remaining: times });
    },
    failUntilLifted(route: string | RegExp, failure: Failure) {
      failures.push({ route, failure, remaining: Number.POSITIVE_INFINITY });
    },
    liftFailures() {
      failures.length = 0;
    },
  };
}

/** One page of a Stripe list: the first `limit` of `matching`, and whether more follow. */
function listOf<T>(matching: T[], limit: number, url: string) {
  return { object: "list", data: matching.slice(0, limit), has_more: matching.length > limit, url };
}

/** The error body Stripe sends with a status of the test's choosing (a 500, a rate limit …). */
function failureError(status: number): StripeApiError {
  if (status === 429) {
    return new StripeApiError(
      429,
      "invalid_request_error",
      "Too many requests made to the API too quickly",
      "rate_limit",
    );
  }
  if (status >= 500) return new StripeApiError(status, "api_error", "An unknown error occurred");
  return new StripeApiError(status, "invalid_request_error", "The Stripe fake was told to fail this request");
}

import type { Express, Request, Response } from "express";
import { formBody } from "../../server/input-guard.server.ts";
import type { AppContext } from "../context.server.ts";

/**
 * The storefront's form-encoded calls of CONTRACTS.md: `/?wc-ajax={endpoint}` and
 * `/ajax?action={action}`. Each handler is a thin function over the same services the pages use.
 */
export type CallInput = Record<string, string>;
export type CallResult = {
  status?: number;
  json?: unknown;
  html?: string;
  /** Plain text (a fresh nonce). */
  text?: string;
  headers?: Record<string, string | string[]>;
};
export type CallHandler = (context: AppContext, input: CallInput, request: Request) => Promise<CallResult>;
export type AjaxAction = { methods: Array<"GET" | "POST">; handler: CallHandler };

export type CallRegistry = {
  /** `POST /?wc-ajax={endpoint}` */
  wcAjax: Record<string, CallHandler>;
  /** `GET|POST /ajax?action={action}` */
  ajax: Record<string, AjaxAction>;
};

export function mountCalls(
  app: Express,
  registry: CallRegistry,
  makeContext: (req: Request, res: Response) => AppContext,
) {
  const form = formBody("64kb", 200);

  app.post(
    "/",
    (req, _res, next) => next(req.query["wc-ajax"] === undefined ? "route" : undefined),
    ...form,
    (req, res, next) => {
      const endpoint = String(req.query["wc-ajax"]);
      const handler = Object.hasOwn(registry.wcAjax, endpoint) ? registry.wcAjax[endpoint] : undefined;
      if (!handler)
        return sendError(res, 400, "invalid_endpoint", `Unknown endpoint: ${endpoint.slice(0, 80)}`);
      void run(handler, makeContext(req, res), flatten(req.body), req, res, next);
    },
  );

  app.all(
    "/ajax",
    (req, res, next) => {
      if (req.method !== "GET" && req.method !== "POST")
        return sendError(res, 405, "method_not_allowed", "Use GET or POST.");
      next();
    },
    ...form,
    (req, res, next) => {
      const input = flatten(req.method === "POST" ? { ...req.query, ...req.body } : req.query);
      const name = input.action ?? "";
      const action = Object.hasOwn(registry.ajax, name) ? registry.ajax[name] : undefined;
      if (!action) return sendError(res, 400, "invalid_action", "Unknown or missing action.");
      if (!action.methods.includes(req.method as "GET" | "POST")) {
        return sendError(res, 405, "method_not_allowed", `${name} does not accept ${req.method}.`);
      }
      void run(action.handler, makeContext(req, res), input, req, res, next);
    },
  );
}

async function run(
  handler: CallHandler,
  context: AppContext,
  input: CallInput,
  req: Request,
  res: Response,
  next: (error: unknown) => void,
) {
  try {
    const result = await handler(context, input, req);
    res.setHeader("Cache-Control", "private, no-store");
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
    const cookies = context.session.headers().getSetCookie();
    if (cookies.length > 0) res.append("Set-Cookie", cookies);
    res.status(result.status ?? 200);
    if (result.html !== undefined) res.type("html").send(result.html);
    else if (result.text !== undefined) res.type("text/plain").send(result.text);
    else if (result.json !== undefined) res.json(result.json);
    else res.end();
  } catch (error) {
    next(error);
  }
}

/** An error answer of a call: `{code, message, data: {status}}` with its status. */
export function callError(status: number, code: string, message: string): CallResult {
  return { status, json: { code, message, data: { status } } };
}

export function sendError(res: Response, status: number, code: string, message: string) {
  res.status(status).json(callError(status, code, message).json);
}

/** Form values as strings; repeated or nested keys (`a[b]`) keep their bracketed names. */
function flatten(body: unknown): CallInput {
  const input: CallInput = {};
  if (!body || typeof body !== "object") return input;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === "string") input[key] = value;
    else if (Array.isArray(value) && typeof value[0] === "string") input[key] = value[0];
  }
  return input;
}

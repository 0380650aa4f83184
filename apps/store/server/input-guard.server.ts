import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";

/**
 * The one boundary every request crosses before a route reads it: methods the store answers, a
 * well-formed Host, a path and query it can decode, bodies of the type the route reads, and text
 * PostgreSQL can store. Routes and their Zod schemas then see only well-formed input, so bad input
 * is a 4xx with `{code, message, data: {status}}` here instead of a 500 deep in a query.
 */

const ANSWERED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A UTF-16 surrogate without its pair: UTF-8, and so PostgreSQL, cannot hold it (nor a NUL). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: what RFC 9110 allows in Host. */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function isStorableText(text: string): boolean {
  return !text.includes("\0") && !LONE_SURROGATE.test(text);
}

/** True when a parsed body or query holds, in a key or a value at any depth, text that cannot be stored. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return !isStorableText(value);
  if (value === null || typeof value !== "object" || depth > 32) return false;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key) || holdsUnstorableText(item, depth + 1)) return true;
  }
  return false;
}

export function sendInputError(res: Response, status: number, code: string, message: string): void {
  res.status(status).set("Cache-Control", "no-store").json({ code, message, data: { status } });
}

const UNSTORABLE_MESSAGE = "Text may not contain NUL characters or unpaired UTF-16 surrogates.";

/** First in the chain: refuses what no route should see. */
export function guardRequests(): RequestHandler {
  return (req, res, next) => {
    if (!ANSWERED_METHODS.includes(req.method)) {
      res.setHeader("Allow", ANSWERED_METHODS.join(", "));
      return sendInputError(res, 405, "method_not_allowed", `The ${req.method} method is not allowed.`);
    }
    if (!wellFormedHost(req))
      return sendInputError(res, 400, "invalid_host", "The Host header is not valid.");
    const target = requestTarget(req.originalUrl);
    let path: string;
    try {
      path = decodeURIComponent(target.pathname);
    } catch {
      return sendInputError(res, 400, "invalid_path", "The address is not correctly encoded.");
    }
    if (!isStorableText(path) || holdsUnstorableText([...new URLSearchParams(target.search)])) {
      return sendInputError(res, 400, "invalid_text", UNSTORABLE_MESSAGE);
    }
    next();
  };
}

/**
 * A response sent before its request's body was read (a 405, a 403, a too-large refusal) must not
 * leave the body in the connection, where the next request on it would never be parsed: read and
 * discard it, up to a bound, and close the connection past that.
 */
export function drainUnreadBodies(maxBytes = 16 * 1024 * 1024): RequestHandler {
  return (req, res, next) => {
    res.on("finish", () => {
      if (req.readableEnded || req.destroyed) return;
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > maxBytes) req.socket.destroy();
      });
      req.resume();
    });
    next();
  };
}

/** The path and query of a request line in origin form (`/shop?x`) or absolute form (`http://h/shop?x`). */
export function requestTarget(originalUrl: string): { pathname: string; search: string } {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(originalUrl);
  const withoutOrigin = absolute ? originalUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "") : originalUrl;
  const hashless = withoutOrigin.split("#")[0] ?? "";
  const queryAt = hashless.indexOf("?");
  const pathname = (queryAt === -1 ? hashless : hashless.slice(0, queryAt)) || "/";
  return { pathname, search: queryAt === -1 ? "" : hashless.slice(queryAt) };
}

function wellFormedHost(req: Request): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === "host") hosts++;
  if (hosts === 0) return req.httpVersionMajor === 1 && req.httpVersionMinor === 0;
  const match = hosts === 1 ? HOST_HEADER.exec(req.headers.host ?? "") : null;
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/** Refuses a parsed body holding text that cannot be stored; goes after a body parser. */
function refuseUnstorableBody(req: Request, res: Response, next: NextFunction): void {
  if (holdsUnstorableText(req.body)) sendInputError(res, 400, "invalid_text", UNSTORABLE_MESSAGE);
  else next();
}

/** JSON bodies for the REST and Store APIs. */
export function jsonBody(limit: string): RequestHandler[] {
  return [express.json({ limit }), refuseUnstorableBody];
}

/** Form-encoded bodies for the storefront calls. */
export function formBody(limit: string, parameterLimit: number): RequestHandler[] {
  return [express.urlencoded({ extended: false, limit, parameterLimit }), refuseUnstorableBody];
}

/** body-parser's error types, as the API's error codes. */
const bodyErrors: Record<string, { status: number; code: string; message: string }> = {
  "entity.parse.failed": {
    status: 400,
    code: "invalid_json",
    message: "The request body is not valid JSON.",
  },
  "entity.too.large": { status: 413, code: "request_too_large", message: "The request body is too large." },
  "parameters.too.many": { status: 413, code: "request_too_large", message: "The form has too many fields." },
  "encoding.unsupported": {
    status: 415,
    code: "unsupported_encoding",
    message: "The request body's encoding is not supported.",
  },
  "charset.unsupported": {
    status: 415,
    code: "unsupported_charset",
    message: "The request body's character set is not supported.",
  },
  "request.aborted": { status: 400, code: "request_aborted", message: "The request body was cut short." },
  "request.size.invalid": {
    status: 400,
    code: "invalid_request",
    message: "The request body's length is wrong.",
  },
};

/** The answer for an error a body parser raised, or undefined for any other error. */
export function bodyErrorAnswer(
  error: unknown,
): { status: number; code: string; message: string } | undefined {
  const type = (error as { type?: unknown }).type;
  if (typeof type === "string" && Object.hasOwn(bodyErrors, type)) return bodyErrors[type];
  const status = (error as { status?: unknown }).status;
  // Inflating a body that is not what its Content-Encoding says raises a plain 400 from the parser.
  if (typeof status === "number" && status >= 400 && status < 500 && (error as { expose?: unknown }).expose) {
    return { status, code: "invalid_request", message: "The request body could not be read." };
  }
  return undefined;
}

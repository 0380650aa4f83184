import { writeReadableStreamToWritable } from "@react-router/node";
import express, {
  type Request as ExpressRequest,
  type Response as ExpressResponse,
  type NextFunction,
  type RequestHandler,
} from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { ContentSources } from "../app/lib/rich-text.ts";
import { holdsUnstorableText, requestTarget, sendInputError } from "./input-guard.server.ts";

/**
 * Pages and their form posts (`/cart`, `/checkout.data` …) into React Router. Unlike the router's
 * Express adapter, this one
 * - builds the request's URL on the store's public origin, never on the `Host` header;
 * - reads a post's whole body first (at most 1 MB), so a route that answers without reading it (a
 *   405 from a page that takes no posts) leaves nothing in a keep-alive connection;
 * - lets through only a form (urlencoded or multipart) that parses and holds storable text, so an
 *   action's `request.formData()` cannot fail and no NUL reaches the database.
 */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const NOT_FORWARDED = ["content-length", "transfer-encoding", "content-encoding"];

export function pageRequestHandler(options: {
  build: () => Promise<ServerBuild>;
  mode: string;
  publicUrl: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler[] {
  // React Router derives its route tables (flattened, ranked, matched) from the build once per
  // handler when given the build itself, but again on every request when given a function: so the
  // build is loaded once, on the first request.
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  const handle: ReturnType<typeof createRequestHandler> = async (request, context) => {
    handler ??= options.build().then((build) => createRequestHandler(build, options.mode));
    return (await handler)(request, context);
  };
  const origin = new URL(options.publicUrl).origin;
  const readBody = express.raw({ type: () => true, limit: "1mb" });

  const render = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const body = hasBody(req.method) ? await checkedForm(req, res) : undefined;
      if (body === null) return;
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const { pathname, search } = requestTarget(req.originalUrl);
      const request = new Request(`${origin}${pathname}${search}`, {
        method: req.method,
        headers: forwardedHeaders(req, body?.contentType),
        signal: controller.signal,
        ...(body ? { body: new Uint8Array(body.bytes) } : {}),
      });
      await send(res, await handle(request, options.getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
  return [(req, res, next) => (hasBody(req.method) ? readBody(req, res, next) : next()), render];
}

const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/** The post's body when it is a storable form; null after answering a refusal. */
async function checkedForm(
  req: ExpressRequest,
  res: ExpressResponse,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const contentType = req.headers["content-type"] ?? "";
  const mime = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mime === "" && bytes.length === 0) return { bytes, contentType: FORM_TYPES[0]! };
  if (!FORM_TYPES.includes(mime)) {
    sendInputError(res, 415, "unsupported_media_type", "Send the form as a form (urlencoded or multipart).");
    return null;
  }
  let fields: Array<[string, unknown]>;
  try {
    fields = [
      ...(await new Request("http://form.invalid/", {
        method: "POST",
        headers: { "Content-Type": contentType },
        body: new Uint8Array(bytes),
      }).formData()),
    ];
  } catch {
    sendInputError(res, 400, "invalid_form", "The form could not be read.");
    return null;
  }
  if (holdsUnstorableText(fields.filter(([, value]) => typeof value === "string"))) {
    sendInputError(
      res,
      400,
      "invalid_text",
      "Text may not contain NUL characters or unpaired UTF-16 surrogates.",
    );
    return null;
  }
  return { bytes, contentType };
}

function forwardedHeaders(req: ExpressRequest, contentType: string | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || NOT_FORWARDED.includes(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (contentType) headers.set("content-type", contentType);
  return headers;
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  allowContentSources(res, res.locals.contentSources as ContentSources | undefined);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    // The page cache's default (private or public) gives way to a route's own choice: one header.
    if (name === "cache-control") res.setHeader(name, value);
    else res.append(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/**
 * Adds the other origins the page's content loads from (video embeds, video files, pictures;
 * decision 0027) to the policy the security headers set, for this page only. A directive the
 * policy lacks starts from `'self'` (what `default-src` allowed).
 */
function allowContentSources(res: ExpressResponse, sources: ContentSources | undefined): void {
  let policy = res.getHeader("Content-Security-Policy");
  if (!sources || typeof policy !== "string") return;
  for (const [directive, origins] of Object.entries(sources) as Array<[string, Set<string>]>) {
    const extra = [...origins]
      .filter((origin) => /^(https?:\/\/[a-z0-9.-]+(:\d+)?|https:\/\/\*\.[a-z0-9.-]+)$/i.test(origin))
      .join(" ");
    if (!extra) continue;
    const present = new RegExp(`(^|;)${directive} ([^;]*)`);
    policy = present.test(policy)
      ? policy.replace(present, `$1${directive} $2 ${extra}`)
      : `${policy};${directive} 'self' ${extra}`;
  }
  res.setHeader("Content-Security-Policy", policy);
}

import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import type { AppContext } from "../../context.server.ts";
import { createI18n, isLocale } from "../../i18n/i18n.ts";
import { fieldRefusal } from "../../lib/rest-refusal.ts";
import { findApiToken } from "../../services/people/api-tokens.server.ts";
import { type Role, userLocale, userRole } from "../../services/people/users.server.ts";
import { AdminInputError } from "../../services/shared/admin-input-error.server.ts";
import { verifyNonce } from "../../services/shared/nonce.server.ts";

/**
 * What every route of the platform REST API shares (CONTRACTS.md): who is calling (a Bearer token,
 * or the session cookie with its `X-Vitrine-Nonce`), what a route needs of them, errors as
 * `{code, message, data: {status}}`, and list pagination.
 */
export type Caller = { userId: number; role: Role; via: "cookie" | "token"; tokenId?: number };

export type Handler = (
  context: AppContext,
  caller: Caller | null,
  req: Request,
  res: Response,
) => Promise<void>;

export type RestRoute = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  /** `staff`: editors and administrators. */
  needs: "none" | "user" | "staff" | "admin";
  handler: Handler;
};

export class RestError extends Error {
  /**
   * @param params what the message names (`{param}`), for its translation (`rest.errors.{code}`)
   *   when the caller asks for answers in their language (`_locale=user`).
   */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: Record<string, string> = {},
    /** More for `data` that no message names (the products a refused deletion lists). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A 400 naming the first parameter that failed its schema. */
export function invalidParam(error: z.ZodError, otherwise = "undefined"): RestError {
  const { code, message, param } = fieldRefusal(error, otherwise);
  return new RestError(400, code, message, { param });
}

/** `value` as `schema` reads it, or a 400 naming the first parameter at fault. */
export function parsed<T extends z.ZodTypeAny>(schema: T, value: unknown, otherwise: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidParam(result.error, otherwise);
  return result.data;
}

/** A back-office service's refusal of a save, as the API's 400 naming the field at fault. */
export async function refusing<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof AdminInputError)
      throw new RestError(400, error.code, error.message, { param: error.param });
    throw error;
  }
}

/** Identifies the caller, checks what the route needs of them, and answers its errors. */
export function restHandler(makeContext: (req: Request, res: Response) => AppContext, route: RestRoute) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const context = makeContext(req, res);
    let caller: Caller | null = null;
    try {
      caller = await identify(context, req);
      if (route.needs !== "none" && !caller)
        throw new RestError(401, "rest_not_logged_in", "You are not currently logged in.");
      if (
        (route.needs === "admin" && caller?.role !== "administrator") ||
        (route.needs === "staff" && caller?.role !== "administrator" && caller?.role !== "editor")
      ) {
        throw new RestError(403, "rest_forbidden", "Sorry, you are not allowed to do that.");
      }
      res.setHeader("Cache-Control", "private, no-store");
      await route.handler(context, caller, req, res);
    } catch (error) {
      if (error instanceof RestError) {
        const message =
          req.query._locale === "user" ? await inUserLanguage(context, caller, error) : error.message;
        // `data` also names what the message is about (`param`), as WordPress's REST errors do.
        res.status(error.status).json({
          code: error.code,
          message,
          data: { ...error.details, ...error.params, status: error.status },
        });
        return;
      }
      next(error);
    }
  };
}

/**
 * `_locale=user` (CONTRACTS.md): an error's message in the signed-in user's language (their account's
 * `locale`; the page's language for a visitor), where the translations have its code.
 */
async function inUserLanguage(context: AppContext, caller: Caller | null, error: RestError): Promise<string> {
  const key = `rest.errors.${error.code}`;
  const userId = caller?.userId ?? (await context.session.get().catch(() => null))?.userId;
  const stored = userId ? await userLocale(context.db, userId) : null;
  const i18n = createI18n(isLocale(stored) ? stored : context.locale);
  if (!i18n.exists(key)) return error.message;
  // A message the translation does not have every part of (its own wording) stays as written.
  const text = i18n.t(key, error.params);
  return text.includes("{{") ? error.message : text;
}

/** Bearer token first; otherwise the session cookie, which must come with the session's REST nonce. */
async function identify(context: AppContext, req: Request): Promise<Caller | null> {
  const bearer = req.get("Authorization")?.match(/^Bearer\s+([\w-]{20,100})$/)?.[1];
  if (bearer) {
    const token = await findApiToken(context.db, bearer);
    if (!token) throw new RestError(401, "rest_invalid_token", "The API token is invalid or revoked.");
    return { userId: token.userId, role: token.role, via: "token", tokenId: token.tokenId };
  }
  const session = await context.session.get();
  if (!session?.userId) return null;
  const nonce =
    req.get("X-Vitrine-Nonce") ?? (typeof req.query._wpnonce === "string" ? req.query._wpnonce : "");
  if (!verifyNonce(session.nonceSecret, "wp_rest", nonce)) {
    throw new RestError(403, "rest_cookie_invalid_nonce", "Cookie check failed");
  }
  const role = await userRole(context.db, session.userId);
  return role ? { userId: session.userId, role, via: "cookie" } : null;
}

/** The caller of a route that needs a signed-in user. */
export function signedIn(caller: Caller | null): Caller {
  if (!caller) throw new RestError(401, "rest_not_logged_in", "You are not currently logged in.");
  return caller;
}

const listQuery = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export type ListPage = { perPage: number; page: number; limit: number; offset: number };

/** `per_page` (at most 100, 10 by default) and `page` of a list request. */
export function parseList(req: Request): ListPage {
  const parsed = listQuery.safeParse(req.query);
  if (!parsed.success) throw invalidParam(parsed.error);
  const { per_page: perPage, page } = parsed.data;
  return { perPage, page, limit: perPage, offset: (page - 1) * perPage };
}

/** Answers a page of a list with its totals and the `Link`s to its neighbours, from the public address. */
export function sendPage(
  context: AppContext,
  req: Request,
  res: Response,
  list: ListPage,
  total: number,
  body: unknown[],
): void {
  const pages = Math.max(1, Math.ceil(total / list.perPage));
  res.setHeader("X-Vitrine-Total", String(total));
  res.setHeader("X-Vitrine-TotalPages", String(pages));
  const links: string[] = [];
  const base = `${context.config.publicUrl}${req.baseUrl}${req.path}`;
  const at = (n: number) =>
    `${base}?${new URLSearchParams({ ...(req.query as Record<string, string>), page: String(n), per_page: String(list.perPage) })}`;
  if (list.page > 1) links.push(`<${at(list.page - 1)}>; rel="prev"`);
  if (list.page < pages) links.push(`<${at(list.page + 1)}>; rel="next"`);
  if (links.length > 0) res.setHeader("Link", links.join(", "));
  res.json(body);
}

/**
 * A service's record as the REST API names its fields, in snake_case (`shippingTotal` →
 * `shipping_total`). Shallow: nested records keep their keys.
 */
export function snakeCaseKeys(record: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ]),
  );
}

/** The `{id}` (or another named part) of a route: a positive 32-bit integer, anything else is not found. */
export function parseId(req: Request, param = "id"): number {
  const id = Number(req.params[param]);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    throw new RestError(404, "rest_not_found", "Not found.");
  return id;
}

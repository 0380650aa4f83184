import { peopleSearch, tokenCredentials } from "../../lib/people-resource.ts";
import {
  issueApiToken,
  listApiTokens,
  revokeApiToken,
  revokeApiTokenById,
} from "../../services/people/api-tokens.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * `POST /auth/token` `{email, password}` → `{token}`, and `DELETE /auth/token` with the token itself;
 * for administrators, `GET /auth/tokens` (those in force, newest first) and `DELETE /auth/tokens/{id}`
 * (decision 0038).
 */

const issueToken: rest.Handler = async (context, _caller, req, res) => {
  const body = tokenCredentials.safeParse(req.body);
  if (!body.success) throw new rest.RestError(400, "rest_invalid_param", "email and password are required.");
  const signedIn = await context.loginLimits.authenticate(body.data.email, body.data.password);
  if (!signedIn.ok && signedIn.error === "too_many") {
    res.setHeader("Retry-After", String(signedIn.retryAfterSeconds));
    throw new rest.RestError(429, "rest_too_many_requests", "Too many attempts. Please wait and try again.");
  }
  if (!signedIn.ok) {
    throw new rest.RestError(401, "rest_invalid_credentials", "The email address or password is incorrect.");
  }
  res.status(201).json({ token: await issueApiToken(context.db, signedIn.user.id) });
};

const revokeToken: rest.Handler = async (context, caller, _req, res) => {
  if (caller?.via !== "token" || caller.tokenId === undefined)
    throw new rest.RestError(400, "rest_invalid_param", "Send the token to revoke as the Bearer token.");
  await revokeApiToken(context.db, caller.tokenId);
  res.json({ revoked: true });
};

/** `GET /auth/tokens?search=…`: `{id, user_id, email, role, created_at, last_used_at}`, never the token. */
const listTokens: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const { search } = rest.parsed(peopleSearch, { search: req.query.search }, "search");
  const found = await listApiTokens(context.db, { search, limit: list.limit, offset: list.offset });
  rest.sendPage(context, req, res, list, found.total, found.tokens.map(rest.snakeCaseKeys));
};

const revokeTokenById: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  if (!(await revokeApiTokenById(context.db, id)))
    throw new rest.RestError(404, "rest_token_invalid_id", "There is no such token in force.");
  res.json({ id, revoked: true });
};

export const tokenRoutes: rest.RestRoute[] = [
  { method: "post", path: "/auth/token", needs: "none", handler: issueToken },
  { method: "delete", path: "/auth/token", needs: "user", handler: revokeToken },
  { method: "get", path: "/auth/tokens", needs: "admin", handler: listTokens },
  { method: "delete", path: "/auth/tokens/:id", needs: "admin", handler: revokeTokenById },
];

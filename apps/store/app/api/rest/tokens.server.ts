import { z } from "zod";
import { issueApiToken, revokeApiToken } from "../../services/api-tokens.server.ts";
import * as rest from "./rest-route.server.ts";

/** `POST /auth/token` `{email, password}` → `{token}`, and `DELETE /auth/token` with the token itself. */

const credentials = z.object({ email: z.string().email().max(254), password: z.string().min(1).max(200) });

const issueToken: rest.Handler = async (context, _caller, req, res) => {
  const body = credentials.safeParse(req.body);
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

export const tokenRoutes: rest.RestRoute[] = [
  { method: "post", path: "/auth/token", needs: "none", handler: issueToken },
  { method: "delete", path: "/auth/token", needs: "user", handler: revokeToken },
];

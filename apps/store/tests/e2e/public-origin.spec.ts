import { rawRequest } from "../raw-request.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Absolute URLs come from the store's public address (PUBLIC_URL, here the listening address),
 * never from the request's `Host`: a stranger who sends `Host: evil.example` can neither have a
 * password-reset link mailed on their site nor plant their host in the shared page cache. The tests
 * that need no browser are HTTP tests: tests/http/public-origin.test.ts.
 */
const storePort = Number(process.env.E2E_PORT);
const store = `http://127.0.0.1:${storePort}`;

/** One request with the `Host` header of our choosing, to this store unless another port is given. */
function raw(
  method: string,
  requestPath: string,
  host: string,
  options: { body?: string; headers?: Record<string, string>; port?: number } = {},
) {
  const { port = storePort, ...rest } = options;
  return rawRequest(port, method, requestPath, host, rest);
}

test("a password reset asked for under a foreign Host mails a link on the store's own origin", async ({
  shopper: { email },
  sentMail,
}) => {
  const form = await raw("GET", "/my-account/lost-password", "evil.example");
  const nonce = form.body.match(/name="_wpnonce" value="([^"]+)"/)?.[1] ?? "";
  expect(nonce).not.toBe("");
  const asked = await raw("POST", "/my-account/lost-password", "evil.example", {
    body: new URLSearchParams({ _wpnonce: nonce, user_login: email }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(asked.status).toBe(200);

  const mail = await sentMail(email, "lost-password?key=");
  expect(mail).not.toContain("evil.example");
  const link = mail.match(/https?:\/\/\S+lost-password\?key=[\w-]+&login=\d+/)?.[0] ?? "";
  expect(link.startsWith(`${store}/my-account/lost-password?key=`)).toBe(true);
});

import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountAction, guestNonce } from "../../routes/account/account.server.ts";
import { insertAccount } from "../../services/orders/order-fixtures.test-helper.ts";
import { LOGIN_NONCE } from "../../services/people/accounts.server.ts";
import { issueApiToken } from "../../services/people/api-tokens.server.ts";
import { hashPassword } from "../../services/people/passwords.server.ts";
import { type LoopbackServer, listenOnLoopback } from "../../services/shared/loopback-server.test-helper.ts";
import {
  SMALL_LOGIN_LIMITS,
  testConfig,
  testContext,
} from "../../services/shared/test-context.test-helper.ts";
import { vitrineRestRouter } from "../vitrine-rest.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

const limits = SMALL_LOGIN_LIMITS;
const ADMIN = "admin@example.com";
const PASSWORD = "correct horse battery";

describe.each(await availableDialects())("POST /auth/token under the login limits on %s", (dialect) => {
  let database: TestDatabase;
  let server: LoopbackServer;
  let base = "";
  const config = testConfig();
  /** What server.ts would have taken from the connection (or a trusted proxy) for the next request. */
  let clientAddress = "";

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const app = express();
    app.use(
      "/api/vitrine/v2",
      vitrineRestRouter(() => testContext({ db: database.db, config, clientAddress, loginLimits: limits })),
    );
    server = await listenOnLoopback(app);
    base = `${server.origin}/api/vitrine/v2`;
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    await insertAccount(database.db, ADMIN, {
      role: "administrator",
      passwordHash: await hashPassword(PASSWORD),
    });
  });

  async function token(from: string, email: string, password: string, forwardedFor?: string) {
    clientAddress = from;
    const answer = await fetch(`${base}/auth/token`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(forwardedFor && { "X-Forwarded-For": forwardedFor }),
      },
      body: JSON.stringify({ email, password }),
    });
    const body = (await answer.json()) as { code?: string };
    return { status: answer.status, code: body.code, retryAfter: answer.headers.get("retry-after") };
  }
  const wrong = { status: 401, code: "rest_invalid_credentials", retryAfter: null };
  const tooMany = { status: 429, code: "rest_too_many_requests" };

  it("a blocked pair answers 429 with Retry-After, without checking the password, for that pair only", async () => {
    for (let i = 0; i < 3; i++) expect(await token("198.51.100.1", ADMIN, "guess")).toEqual(wrong);
    expect(await token("198.51.100.1", ADMIN, PASSWORD)).toEqual({ ...tooMany, retryAfter: "900" });
    expect(await token("198.51.100.2", ADMIN, PASSWORD)).toMatchObject({ status: 201 });
  });

  it("rotating X-Forwarded-For does not get round the per-address limit", async () => {
    const tries = [];
    for (let i = 0; i < 5; i++) {
      tries.push(await token("203.0.113.7", `guess${i}@example.com`, "guess", `198.51.100.${i}`));
    }
    expect(tries).toMatchObject([wrong, wrong, wrong, wrong, tooMany]);
    expect(Number(tries[4]!.retryAfter)).toBeGreaterThan(3500);
    expect(await token("203.0.113.8", `guess9@example.com`, "guess")).toEqual(wrong);
  });

  it("others' failures never lock the owner out of an address they signed in from before", async () => {
    expect(await token("192.0.2.10", ADMIN, PASSWORD)).toMatchObject({ status: 201 });
    for (let i = 1; i <= 6; i++) await token(`203.0.113.${i}`, ADMIN, "guess");
    expect(await token("203.0.113.99", ADMIN, PASSWORD)).toMatchObject(tooMany);
    expect(await token("192.0.2.10", ADMIN, PASSWORD)).toMatchObject({ status: 201 });
  });

  it("counts together with the account page's sign-in form: one limit for every entry point", async () => {
    clientAddress = "198.51.100.50";
    const context = testContext({ db: database.db, config, clientAddress, loginLimits: limits });
    for (let i = 0; i < 2; i++) {
      const form = new URLSearchParams({
        _wpnonce: guestNonce(context, LOGIN_NONCE),
        username: ADMIN,
        password: "guess",
      });
      const answer = await accountAction(
        context,
        new Request("https://shop.example/my-account", { method: "POST", body: form }),
      );
      expect(answer).toMatchObject({ init: { status: 401 } });
    }
    expect(await token("198.51.100.50", ADMIN, "guess")).toEqual(wrong);
    expect(await token("198.51.100.50", ADMIN, PASSWORD)).toMatchObject(tooMany);
  });
});

describe.each(await availableDialects())(
  "the API tokens, listed and revoked by administrators, on %s",
  (dialect) => {
    const server = restTestServer(dialect);
    const call = server.call;

    it("lists the tokens in force, newest first, with owner and last use; a revoked one is refused at once", async () => {
      const admin = await server.session("administrator");
      const scripter = await insertAccount(server.db, "scripter@example.com", { role: "editor" });
      const older = await issueApiToken(server.db, scripter);
      const newer = await issueApiToken(server.db, admin.userId);
      const gone = await issueApiToken(server.db, scripter);
      expect((await call("/auth/token", { Authorization: `Bearer ${gone}` }, "DELETE")).status).toBe(200);

      const listed = await call("/auth/tokens", admin.headers);
      expect(listed.status).toBe(200);
      const records = listed.body as unknown as Array<Record<string, unknown>>;
      expect(records.map((record) => record.user_id)).toEqual([admin.userId, scripter]);
      expect(records[1]).toEqual({
        id: expect.any(Number),
        user_id: scripter,
        email: "scripter@example.com",
        role: "editor",
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        last_used_at: null,
      });
      expect(JSON.stringify(records)).not.toContain(older);
      expect((await call("/auth/tokens?search=SCRIPT", admin.headers)).body).toHaveLength(1);

      // A use is written down.
      const script = { Authorization: `Bearer ${older}` };
      expect((await call("/pages", script)).status).toBe(200);
      const used = (await call("/auth/tokens?search=scripter", admin.headers)).body as unknown as Array<{
        last_used_at: string | null;
      }>;
      expect(used[0]!.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT/);

      const id = records[1]!.id as number;
      expect((await call(`/auth/tokens/${id}`, admin.headers, "DELETE")).body).toEqual({ id, revoked: true });
      const refused = await call("/pages", script);
      expect([refused.status, refused.body.code]).toEqual([401, "rest_invalid_token"]);
      expect((await call(`/auth/tokens/${id}`, admin.headers, "DELETE")).status).toBe(404);
      expect((await call("/auth/tokens", admin.headers)).body).toHaveLength(1);
      expect(newer).not.toBe(older);
    });

    it("is for administrators only", async () => {
      const editor = await server.session("editor");
      const token = await issueApiToken(server.db, editor.userId);
      const [record] = (await call("/auth/tokens", (await server.session("administrator")).headers))
        .body as unknown as Array<{ id: number }>;
      expect((await call("/auth/tokens", editor.headers)).status).toBe(403);
      expect((await call(`/auth/tokens/${record!.id}`, editor.headers, "DELETE")).status).toBe(403);
      expect((await call("/auth/tokens", { Authorization: `Bearer ${token}` })).status).toBe(403);
    });
  },
);

import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountAction, guestNonce } from "../../routes/account/account.server.ts";
import { LOGIN_NONCE } from "../../services/accounts.server.ts";
import { type LoopbackServer, listenOnLoopback } from "../../services/loopback-server.test-helper.ts";
import { insertAccount } from "../../services/order-fixtures.test-helper.ts";
import { hashPassword } from "../../services/passwords.server.ts";
import { SMALL_LOGIN_LIMITS, testConfig, testContext } from "../../services/test-context.test-helper.ts";
import { vitrineRestRouter } from "../vitrine-rest.server.ts";

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

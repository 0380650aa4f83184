import { createDb, type Database, type DbHandle, rateLimits } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertAccount } from "../../services/orders/order-fixtures.test-helper.ts";
import { LOGIN_NONCE } from "../../services/people/accounts.server.ts";
import { hashPassword } from "../../services/people/passwords.server.ts";
import {
  SMALL_LOGIN_LIMITS,
  testConfig,
  testContext,
} from "../../services/shared/test-context.test-helper.ts";
import { accountAction, guestNonce } from "./account.server.ts";

const limits = SMALL_LOGIN_LIMITS;

const OWNER = "owner@example.com";
const PASSWORD = "correct horse battery";
const config = testConfig();

type Outcome = { status: number; error?: string; retryAfter?: string };

describe.each(await availableDialects())(
  "signing in on the account page, under the login limits, on %s",
  (dialect) => {
    let database: TestDatabase;
    let passwordHash = "";
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      passwordHash = await hashPassword(PASSWORD);
    });
    afterAll(() => database.close());
    beforeEach(async () => {
      await database.reset();
      await insertAccount(database.db, OWNER, { passwordHash });
    });

    /** Posts the sign-in form through the page's action, as a server with this client address would. */
    async function signIn(
      from: { clientAddress: string; forwardedFor?: string; db?: Database },
      username: string,
      password: string,
    ): Promise<Outcome> {
      const context = testContext({
        db: from.db ?? database.db,
        config,
        clientAddress: from.clientAddress,
        loginLimits: limits,
      });
      const request = new Request("https://shop.example/my-account", {
        method: "POST",
        headers: from.forwardedFor ? { "X-Forwarded-For": from.forwardedFor } : {},
        body: new URLSearchParams({
          intent: "login",
          _wpnonce: guestNonce(context, LOGIN_NONCE),
          username,
          password,
        }),
      });
      try {
        const answer = (await accountAction(context, request)) as {
          data: { errors: { form?: string } };
          init: { status: number; headers?: Record<string, string> };
        };
        const retryAfter = answer.init.headers?.["Retry-After"];
        return {
          status: answer.init.status,
          ...(answer.data.errors.form && { error: answer.data.errors.form }),
          ...(retryAfter && { retryAfter }),
        };
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status };
        throw thrown;
      }
    }
    const wrong = { status: 401, error: "account.errors.invalid_credentials" };
    const tooMany = { status: 429, error: "account.errors.too_many" };
    const signedIn = { status: 302 };

    it("rotating X-Forwarded-For does not get round the per-address limit", async () => {
      const tries: Outcome[] = [];
      for (let i = 0; i < 6; i++) {
        tries.push(
          await signIn(
            { clientAddress: "203.0.113.7", forwardedFor: `198.51.100.${i}, 10.0.0.${i}` },
            `guess${i}@example.com`,
            "password1",
          ),
        );
      }
      expect(tries).toMatchObject([wrong, wrong, wrong, wrong, tooMany, tooMany]);
      expect(Number(tries[4]!.retryAfter)).toBeGreaterThan(3500);
      // Nor does a header make the right password of an account new to this address go through.
      expect(
        await signIn({ clientAddress: "203.0.113.7", forwardedFor: "192.0.2.1" }, OWNER, PASSWORD),
      ).toMatchObject(tooMany);
    });

    it("counts an IPv6 client by its /64, so a fresh address for every try does not get round the limit", async () => {
      const tries: Outcome[] = [];
      for (let i = 1; i <= 5; i++) {
        tries.push(
          await signIn({ clientAddress: `2001:db8:1:2::${i.toString(16)}` }, `guess${i}@example.com`, "x"),
        );
      }
      expect(tries).toMatchObject([wrong, wrong, wrong, wrong, tooMany]);
      expect(await signIn({ clientAddress: "2001:db8:1:3::1" }, OWNER, PASSWORD)).toEqual(signedIn);
    });

    it("clients at different addresses do not share a bucket", async () => {
      for (let i = 0; i < 4; i++) {
        expect(await signIn({ clientAddress: "203.0.113.1" }, `guess${i}@example.com`, "x")).toEqual(wrong);
      }
      expect(await signIn({ clientAddress: "203.0.113.1" }, "another@example.com", "x")).toEqual({
        ...tooMany,
        retryAfter: expect.any(String),
      });
      expect(await signIn({ clientAddress: "203.0.113.2" }, "another@example.com", "x")).toEqual(wrong);
      expect(await signIn({ clientAddress: "203.0.113.2" }, OWNER, PASSWORD)).toEqual(signedIn);
      // Clients with no forwarded header at all are told apart by their address too.
      expect(await signIn({ clientAddress: "198.51.100.9" }, OWNER, PASSWORD)).toEqual(signedIn);
    });

    it("others' failures from many addresses slow guessing at an account but never lock its owner out where they signed in before", async () => {
      expect(await signIn({ clientAddress: "192.0.2.10" }, OWNER, PASSWORD)).toEqual(signedIn);
      const guesses: Outcome[] = [];
      for (let i = 1; i <= 8; i++)
        guesses.push(await signIn({ clientAddress: `203.0.113.${i}` }, OWNER, `guess ${i}`));
      expect(guesses).toMatchObject([wrong, wrong, wrong, wrong, tooMany, tooMany, tooMany, tooMany]);
      // A new address is refused even with the right password while the account's limit is used up…
      expect(await signIn({ clientAddress: "203.0.113.99" }, OWNER, PASSWORD)).toMatchObject(tooMany);
      // …but the owner's own address is not, and its own limit still applies to it.
      expect(await signIn({ clientAddress: "192.0.2.10" }, OWNER, PASSWORD)).toEqual(signedIn);
      expect(await signIn({ clientAddress: "192.0.2.10" }, OWNER, "typo")).toEqual(wrong);
      expect(await signIn({ clientAddress: "192.0.2.10" }, OWNER, PASSWORD)).toEqual(signedIn);
    });

    it("a blocked pair is refused before its password is checked, for that pair only", async () => {
      const owner = { clientAddress: "198.51.100.20" };
      for (let i = 0; i < 3; i++) expect(await signIn(owner, OWNER, "not it")).toEqual(wrong);
      expect(await signIn(owner, OWNER, PASSWORD)).toEqual({ ...tooMany, retryAfter: "900" });
      expect(await signIn(owner, OWNER, PASSWORD)).toMatchObject(tooMany);
      expect(await signIn({ clientAddress: "198.51.100.21" }, OWNER, PASSWORD)).toEqual(signedIn);
      expect(await signIn(owner, "someone-else@example.com", "not it")).toEqual(wrong);
    });

    it("a success clears the pair's count of failures", async () => {
      const owner = { clientAddress: "198.51.100.30" };
      const outcomes: Outcome[] = [];
      for (const password of ["a", "b", PASSWORD, "c", "d", PASSWORD])
        outcomes.push(await signIn(owner, OWNER, password));
      expect(outcomes).toEqual([wrong, wrong, signedIn, wrong, wrong, signedIn]);
    });

    it("parallel attempts cannot check more passwords than the limit allows", async () => {
      const owner = { clientAddress: "198.51.100.40" };
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => signIn(owner, OWNER, `guess ${i}`)),
      );
      const checked = outcomes.filter((outcome) => outcome.status === 401).length;
      expect(checked).toBeLessThanOrEqual(3);
      expect(outcomes.filter((outcome) => outcome.status === 429)).toHaveLength(8 - checked);
      expect(await signIn(owner, OWNER, PASSWORD)).toMatchObject(tooMany);
    });

    it("keeps no e-mail or address in clear in the counters", async () => {
      await signIn({ clientAddress: "203.0.113.50" }, OWNER, "x");
      await signIn({ clientAddress: "203.0.113.51" }, OWNER, PASSWORD);
      const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
      expect(keys.length).toBeGreaterThanOrEqual(3);
      for (const key of keys) expect(key).toMatch(/^login_[a-z_]+:[\w-]{43}$/);
    });

    // Defined only on PostgreSQL, where several servers can share one database.
    if (dialect === "postgres")
      it("servers on one database, each with its own connection pool, share the counts and the known addresses", async () => {
        const other: DbHandle = await createDb({ databaseUrl: database.databaseUrl, migrate: false });
        try {
          const first = { clientAddress: "198.51.100.60" };
          const second = { clientAddress: "198.51.100.60", db: other.db };
          expect(await signIn(first, OWNER, "a")).toEqual(wrong);
          expect(await signIn(second, OWNER, "b")).toEqual(wrong);
          expect(await signIn(first, OWNER, "c")).toEqual(wrong);
          expect(await signIn(second, OWNER, PASSWORD)).toEqual({ ...tooMany, retryAfter: "900" });

          expect(await signIn({ clientAddress: "192.0.2.70", db: other.db }, OWNER, PASSWORD)).toEqual(
            signedIn,
          );
          for (let i = 1; i <= 4; i++) await signIn({ clientAddress: `203.0.113.${i}` }, OWNER, "guess");
          expect(
            await signIn({ clientAddress: "203.0.113.80", db: other.db }, OWNER, PASSWORD),
          ).toMatchObject(tooMany);
          expect(await signIn({ clientAddress: "192.0.2.70" }, OWNER, PASSWORD)).toEqual(signedIn);
        } finally {
          await other.close();
        }
      });
  },
);

import { users } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertAccount } from "../../services/orders/order-fixtures.test-helper.ts";
import { authenticate, guestFormNonce } from "../../services/people/accounts.server.ts";
import { hashPassword } from "../../services/people/passwords.server.ts";
import { testConfig, testContext } from "../../services/shared/test-context.test-helper.ts";
import { LOST_PASSWORD_NONCE, lostPasswordAction, lostPasswordView } from "./lost-password.server.ts";

const config = testConfig();
const SHOPPER = "shopper@example.com";

describe.each(await availableDialects())("a lost password on %s", (dialect) => {
  let database: TestDatabase;
  let userId = 0;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.reset();
    userId = await insertAccount(database.db, SHOPPER, { passwordHash: await hashPassword("old password") });
  });

  /** Asks for a reset link for `email` and answers the mailed link's address. */
  async function askForLink(email = SHOPPER): Promise<URL> {
    const context = testContext({ db: database.db, config });
    await lostPasswordAction(context, post({ user_login: email }));
    return new URL(context.mailer.sent[0]!.text.match(/https:\/\/\S+/)![0]);
  }

  function post(fields: Record<string, string>): Request {
    return new Request("https://shop.example/my-account/lost-password", {
      method: "POST",
      body: new URLSearchParams({
        _wpnonce: guestFormNonce(config.sessionSecret, LOST_PASSWORD_NONCE),
        ...fields,
      }),
    });
  }

  /** Posts the new password with the link's key: the redirect's status, or the answer's status and error. */
  async function reset(link: URL, password: string): Promise<{ status: number; error?: string }> {
    const context = testContext({ db: database.db, config });
    const form = {
      intent: "reset",
      key: link.searchParams.get("key")!,
      login: link.searchParams.get("login")!,
      password_1: password,
    };
    try {
      const answer = (await lostPasswordAction(context, post(form))) as {
        data: { error: string };
        init: { status: number };
      };
      return { status: answer.init.status, error: answer.data.error };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status };
      throw thrown;
    }
  }

  it("a link used twice at once changes the password once", async () => {
    const link = await askForLink();
    const answers = await Promise.all([
      reset(link, "first new password"),
      reset(link, "second new password"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    const worked = await Promise.all(
      ["first new password", "second new password"].map((password) =>
        authenticate(database.db, SHOPPER, password).then(
          () => true,
          () => false,
        ),
      ),
    );
    expect(worked.filter(Boolean)).toHaveLength(1);
  });

  it("a used link shows the request form with the reason, not a password form that cannot work", async () => {
    const link = await askForLink();
    const context = testContext({ db: database.db, config });
    expect((await lostPasswordView(context, link)).reset).toMatchObject({ login: String(userId) });
    expect(await reset(link, "a new password")).toEqual({ status: 302 });
    const used = await lostPasswordView(context, link);
    expect(used.reset).toBeNull();
    expect(used.error).toBe("account.errors.reset_invalid");
    // A link never sent, or mangled, says the same; the page without a link says nothing.
    const forged = new URL(link);
    forged.searchParams.set("key", "x".repeat(32));
    expect((await lostPasswordView(context, forged)).error).toBe("account.errors.reset_invalid");
    const plain = await lostPasswordView(context, new URL("https://shop.example/my-account/lost-password"));
    expect(plain).toMatchObject({ reset: null, error: null });
  });

  it("a link past its 24 hours is refused and shown as such", async () => {
    const link = await askForLink();
    const [user] = await database.db.select({ meta: users.meta }).from(users).where(eq(users.id, userId));
    const slot = user!.meta.password_reset as { hash: string; expires: number };
    await database.db
      .update(users)
      .set({ meta: { ...user!.meta, password_reset: { ...slot, expires: Date.now() - 1 } } })
      .where(eq(users.id, userId));
    const context = testContext({ db: database.db, config });
    expect((await lostPasswordView(context, link)).error).toBe("account.errors.reset_invalid");
    expect(await reset(link, "a new password")).toEqual({
      status: 400,
      error: "account.errors.reset_invalid",
    });
    await expect(authenticate(database.db, SHOPPER, "old password")).resolves.toMatchObject({ id: userId });
  });
});

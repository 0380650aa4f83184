import { sessions, users } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertAccount } from "../../services/orders/order-fixtures.test-helper.ts";
import { authenticate, guestFormNonce } from "../../services/people/accounts.server.ts";
import { inviteUser } from "../../services/people/invitations.server.ts";
import { RequestSession } from "../../services/shared/session.server.ts";
import { testConfig, testContext } from "../../services/shared/test-context.test-helper.ts";
import { INVITATION_NONCE, invitationAction, invitationView } from "./account-invitation.server.ts";

const config = testConfig();

describe.each(await availableDialects())("accepting an invitation on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  /** Invites `email` as `role` (by a new administrator) and answers the mailed link's address. */
  async function invite(email: string, role: "editor" | "customer", locale: "en" | "es" = "en") {
    const admin = await insertAccount(database.db, `admin-${Math.random()}@example.com`, {
      role: "administrator",
    });
    const context = testContext({ db: database.db, config });
    const invitation = await inviteUser(context, { email, role, locale }, admin);
    const link = context.mailer.sent[0]!.text.match(/https:\/\/\S+/)![0];
    return { invitation, url: new URL(link) };
  }

  async function accept(url: URL, password: string, cookie: string | null = null, nonce?: string) {
    const context = testContext({ db: database.db, config, cookie });
    const form = new URLSearchParams({
      _wpnonce: nonce ?? guestFormNonce(config.sessionSecret, INVITATION_NONCE),
      key: url.searchParams.get("key")!,
      login: url.searchParams.get("login")!,
      password_1: password,
    });
    try {
      const answer = await invitationAction(context, new Request(url, { method: "POST", body: form }));
      return { answer: answer as { data: { error: string }; init: { status: number } }, redirect: null };
    } catch (thrown) {
      return { answer: null, redirect: thrown as Response };
    }
  }

  it("an editor chooses a password, is signed in and sent to the back office; the link then fails", async () => {
    const { invitation, url } = await invite("new.editor@example.com", "editor");
    expect(url.pathname).toBe("/my-account/invitation");
    const view = await invitationView(testContext({ db: database.db, config }), url);
    expect(view.invitation).toMatchObject({ email: "new.editor@example.com", login: invitation.userId });
    expect(view.texts.intro).toBe(
      "Choose a password for new.editor@example.com. You will be signed in straight away.",
    );

    // Someone signed in with the account before (impossible, but a session is a session) is signed out.
    const old = new RequestSession(database.db, config.sessionSecret, null, false);
    await old.login(invitation.userId, "staff");

    const { redirect } = await accept(url, "editor password");
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("Location")).toBe("/admin");
    expect(redirect?.headers.get("Set-Cookie")).toMatch(/vitrine_session=/);
    const left = await database.db.select().from(sessions).where(eq(sessions.userId, invitation.userId));
    expect(left).toHaveLength(1);
    expect(await authenticate(database.db, "new.editor@example.com", "editor password")).toMatchObject({
      role: "editor",
    });

    const again = await accept(url, "someone else's");
    expect(again.answer?.init.status).toBe(400);
    expect(again.answer?.data.error).toBe(
      "This invitation link is invalid, has been used or has expired. Please ask for a new invitation.",
    );
    expect((await invitationView(testContext({ db: database.db, config }), url)).invitation).toBeNull();
  });

  it("a customer goes to their account; short passwords, stale forms and forged keys are refused", async () => {
    const { url } = await invite("new.customer@example.com", "customer", "es");
    expect((await accept(url, "short")).answer?.data.error).toBe(
      "Please use at least 8 characters for your password.",
    );
    expect((await accept(url, "long enough", null, "stale")).answer?.init.status).toBe(403);
    const forged = new URL(url);
    forged.searchParams.set("key", `${url.searchParams.get("key")!.slice(0, -2)}xx`);
    expect((await accept(forged, "long enough")).answer?.init.status).toBe(400);
    const { redirect } = await accept(url, "long enough");
    expect(redirect?.headers.get("Location")).toBe("/my-account");
  });

  it("a link past its week is refused", async () => {
    const { invitation, url } = await invite("late@example.com", "editor");
    await database.db
      .update(users)
      .set({
        meta: sql`jsonb_set(${users.meta}, '{invitation,expires}', to_jsonb(${Date.now() - 1}::bigint))`,
      })
      .where(eq(users.id, invitation.userId));
    expect((await accept(url, "long enough")).answer?.init.status).toBe(400);
  });
});

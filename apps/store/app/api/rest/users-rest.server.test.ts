import { users } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/i18n.ts";
import { insertAccount, insertOrder } from "../../services/orders/order-fixtures.test-helper.ts";
import { authenticate } from "../../services/people/accounts.server.ts";
import { acceptInvitation, openInvitation } from "../../services/people/invitations.server.ts";
import { setUserRole } from "../../services/people/users.server.ts";
import { AdminInputError } from "../../services/shared/admin-input-error.server.ts";
import { recordingMailer } from "../../services/shared/test-context.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

/** The link of the newest mail to `to`, and its `key` and `login`. */
function invitationLink(mail: ReturnType<typeof recordingMailer>, to: string) {
  const message = mail.sent.findLast((sent) => sent.to === to);
  const link = message?.text.match(/https:\/\/shop\.example\/my-account\/invitation\?\S+/)?.[0] ?? "";
  const url = new URL(link);
  return {
    message: message!,
    key: url.searchParams.get("key")!,
    login: Number(url.searchParams.get("login")),
  };
}

describe.each(await availableDialects())("people over REST on %s", (dialect) => {
  const mail = recordingMailer();
  const server = restTestServer(dialect, { mailer: mail });
  const call = server.call;
  const roleOf = async (id: number) =>
    (await server.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it("invites a new editor: an account no password opens, a mail in their language, a link that works once", async () => {
    const admin = await server.session("administrator");
    const invited = await call("/users/invitations", admin.headers, "POST", {
      email: " Nueva.Editora@Example.com ",
      role: "editor",
      locale: "es",
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: "nueva.editora@example.com", role: "editor", created: true });
    const id = (invited.body as unknown as { user_id: number }).user_id;
    expect(await roleOf(id)).toBe("editor");
    await expect(authenticate(server.db, "nueva.editora@example.com", "")).rejects.toThrow();

    const { message, key, login } = invitationLink(mail, "nueva.editora@example.com");
    expect(message.subject).toBe("Te invitan a Vitrine");
    expect(message.text).toContain("como editor");
    expect(message.html).toContain(
      `href="https://shop.example/my-account/invitation?key=${key}&amp;login=${id}"`,
    );
    expect(login).toBe(id);
    // Only the token's hash is kept.
    const [stored] = await server.db.select({ meta: users.meta }).from(users).where(eq(users.id, id));
    expect(JSON.stringify(stored!.meta)).not.toContain(key);

    expect(await openInvitation(server.db, id, key)).toEqual({
      email: "nueva.editora@example.com",
      role: "editor",
    });
    expect(await openInvitation(server.db, id, `${key}x`)).toBeNull();
    expect(await acceptInvitation(server.db, id, key, "a new password")).toEqual({ id, role: "editor" });
    expect(await authenticate(server.db, "nueva.editora@example.com", "a new password")).toMatchObject({
      id,
    });
    expect(await acceptInvitation(server.db, id, key, "another password")).toBeNull();
    expect(await openInvitation(server.db, id, key)).toBeNull();
  });

  it("inviting again renews the link; an existing account keeps its password and takes the new role", async () => {
    const admin = await server.session("administrator");
    const first = await call("/users/invitations", admin.headers, "POST", {
      email: "twice@example.com",
      role: "editor",
    });
    const old = invitationLink(mail, "twice@example.com");
    const again = await call("/users/invitations", admin.headers, "POST", {
      email: "twice@example.com",
      role: "administrator",
      locale: "en",
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ role: "administrator", created: false });
    const renewed = invitationLink(mail, "twice@example.com");
    expect(renewed.key).not.toBe(old.key);
    expect(renewed.message.subject).toBe("You are invited to Vitrine");
    expect(renewed.message.text).toContain("as an administrator");
    expect(await openInvitation(server.db, old.login, old.key)).toBeNull();
    expect(await openInvitation(server.db, renewed.login, renewed.key)).not.toBeNull();

    const shopper = await insertAccount(server.db, "shopper@example.com", { role: "customer" });
    const promoted = await call("/users/invitations", admin.headers, "POST", {
      email: "SHOPPER@example.com",
      role: "editor",
    });
    expect(promoted).toMatchObject({
      status: 200,
      body: { user_id: shopper, created: false, role: "editor" },
    });
    expect(await roleOf(shopper)).toBe("editor");
    const [row] = await server.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, shopper));
    expect(row!.hash).toBe("x");
  });

  it("refuses bad invitations, inviting oneself down, and anyone but administrators", async () => {
    const admin = await server.session("administrator");
    const editor = await server.session("editor");
    const refusals: Array<[Record<string, string>, unknown, number, string]> = [
      [admin.headers, { email: "not an address", role: "editor" }, 400, "rest_invalid_param"],
      [admin.headers, { email: "a@example.com", role: "king" }, 400, "rest_invalid_param"],
      [admin.headers, { email: "a@example.com", role: "editor", locale: "fr" }, 400, "rest_invalid_param"],
      [admin.headers, { email: "a@example.com", role: "editor", extra: 1 }, 400, "rest_invalid_param"],
      [editor.headers, { email: "a@example.com", role: "editor" }, 403, "rest_forbidden"],
      [{}, { email: "a@example.com", role: "editor" }, 401, "rest_not_logged_in"],
    ];
    for (const [headers, body, status, code] of refusals) {
      const answer = await call("/users/invitations", headers, "POST", body);
      expect([answer.status, answer.body.code]).toEqual([status, code]);
    }
    const [me] = await server.db.select({ email: users.email }).from(users).where(eq(users.id, admin.userId));
    const self = await call("/users/invitations", admin.headers, "POST", {
      email: me!.email,
      role: "customer",
    });
    expect([self.status, self.body.code]).toEqual([400, "rest_cannot_demote_self"]);
    expect(await roleOf(admin.userId)).toBe("administrator");
    expect(mail.sent.filter((sent) => sent.to === "a@example.com")).toEqual([]);
  });

  it("a mail that cannot be sent is a 502 with its own code; the invitation stands", async () => {
    const admin = await server.session("administrator");
    const send = mail.send;
    mail.send = async () => {
      throw new Error("smtp down");
    };
    try {
      const answer = await call("/users/invitations", admin.headers, "POST", {
        email: "unlucky@example.com",
        role: "editor",
      });
      expect([answer.status, answer.body.code]).toEqual([502, "rest_invitation_mail_failed"]);
    } finally {
      mail.send = send;
    }
    const [user] = await server.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, "unlucky@example.com"));
    expect(user?.role).toBe("editor");
  });

  it("lists invitations as sent, accepted and expired; resending makes a new link and refuses the old one", async () => {
    const admin = await server.session("administrator");
    const editor = await server.session("editor");
    const invite = (email: string) =>
      call("/users/invitations", admin.headers, "POST", { email, role: "editor" });
    await invite("listed.sent@example.com");
    await invite("listed.accepted@example.com");
    await invite("listed.expired@example.com");
    const accepted = invitationLink(mail, "listed.accepted@example.com");
    expect(await acceptInvitation(server.db, accepted.login, accepted.key, "a good password")).not.toBeNull();
    const expired = invitationLink(mail, "listed.expired@example.com");
    await server.db
      .update(users)
      .set({ meta: sql`jsonb_set(${users.meta}, '{invitation,expires}', to_jsonb(1000::bigint))` })
      .where(eq(users.id, expired.login));

    const listed = async () => {
      const answer = await call("/users/invitations?per_page=100", admin.headers);
      expect(answer.status).toBe(200);
      const rows = answer.body as unknown as Array<Record<string, unknown>>;
      return Object.fromEntries(
        rows.filter((row) => String(row.email).startsWith("listed.")).map((row) => [row.email, row]),
      );
    };
    const before = await listed();
    expect(before["listed.sent@example.com"]).toMatchObject({
      state: "sent",
      role: "editor",
      accepted_at: null,
    });
    expect(before["listed.sent@example.com"]!.sent_at).toEqual(expect.any(String));
    expect(before["listed.sent@example.com"]!.expires_at).toEqual(expect.any(String));
    expect(before["listed.accepted@example.com"]).toMatchObject({ state: "accepted", expires_at: null });
    expect(before["listed.accepted@example.com"]!.accepted_at).toEqual(expect.any(String));
    expect(before["listed.expired@example.com"]).toMatchObject({ state: "expired" });

    // An expired invitation is sent again: a new link, which opens; the old one stays refused.
    const resent = await call(`/users/invitations/${expired.login}/resend`, admin.headers, "POST");
    expect(resent).toMatchObject({ status: 200, body: { user_id: expired.login, role: "editor" } });
    const renewed = invitationLink(mail, "listed.expired@example.com");
    expect(renewed.key).not.toBe(expired.key);
    expect(await openInvitation(server.db, expired.login, expired.key)).toBeNull();
    expect(await openInvitation(server.db, renewed.login, renewed.key)).not.toBeNull();
    expect((await listed())["listed.expired@example.com"]).toMatchObject({ state: "sent" });

    // An accepted invitation is neither resent nor withdrawn; editors may do neither.
    for (const [path, method] of [
      [`/users/invitations/${accepted.login}/resend`, "POST"],
      [`/users/invitations/${accepted.login}`, "DELETE"],
      [`/users/invitations/${admin.userId}`, "DELETE"],
      ["/users/invitations/0", "DELETE"],
    ] as const) {
      const answer = await call(path, admin.headers, method);
      expect([answer.status, answer.body.code], path).toEqual([
        404,
        path.endsWith("/0") ? "rest_not_found" : "rest_invitation_invalid_id",
      ]);
    }
    for (const [path, method] of [
      ["/users/invitations", "GET"],
      [`/users/invitations/${expired.login}/resend`, "POST"],
      [`/users/invitations/${expired.login}`, "DELETE"],
    ] as const) {
      const answer = await call(path, editor.headers, method);
      expect([answer.status, answer.body.code]).toEqual([403, "rest_forbidden"]);
    }
  });

  it("withdrawing refuses the link: an account the invitation made and nobody used is removed, an existing one gets its role back", async () => {
    const admin = await server.session("administrator");
    await call("/users/invitations", admin.headers, "POST", {
      email: "withdrawn.new@example.com",
      role: "administrator",
    });
    const made = invitationLink(mail, "withdrawn.new@example.com");
    // Sent again first: the withdrawal still knows the invitation made the account.
    await call(`/users/invitations/${made.login}/resend`, admin.headers, "POST");
    const resent = invitationLink(mail, "withdrawn.new@example.com");
    const withdrawn = await call(`/users/invitations/${made.login}`, admin.headers, "DELETE");
    expect(withdrawn).toMatchObject({
      status: 200,
      body: { user_id: made.login, removed: true, role: null },
    });
    expect(await server.db.select().from(users).where(eq(users.id, made.login))).toEqual([]);
    expect(await openInvitation(server.db, made.login, resent.key)).toBeNull();
    expect(await acceptInvitation(server.db, made.login, resent.key, "a good password")).toBeNull();

    const shopper = await insertAccount(server.db, "withdrawn.shopper@example.com", { role: "customer" });
    await call("/users/invitations", admin.headers, "POST", {
      email: "withdrawn.shopper@example.com",
      role: "editor",
    });
    await call("/users/invitations", admin.headers, "POST", {
      email: "withdrawn.shopper@example.com",
      role: "administrator",
    });
    const link = invitationLink(mail, "withdrawn.shopper@example.com");
    expect(await roleOf(shopper)).toBe("administrator");
    const back = await call(`/users/invitations/${shopper}`, admin.headers, "DELETE");
    expect(back).toMatchObject({ status: 200, body: { user_id: shopper, removed: false, role: "customer" } });
    expect(await roleOf(shopper)).toBe("customer");
    expect(await openInvitation(server.db, shopper, link.key)).toBeNull();
    const listed = (await call("/users/invitations?per_page=100", admin.headers)).body as unknown as Array<{
      email: string;
    }>;
    expect(listed.map((row) => row.email)).not.toContain("withdrawn.shopper@example.com");
    expect((await call(`/users/invitations/${shopper}`, admin.headers, "DELETE")).status).toBe(404);

    // A made account that placed an order is kept, as a customer.
    await call("/users/invitations", admin.headers, "POST", {
      email: "withdrawn.buyer@example.com",
      role: "editor",
    });
    const buyer = invitationLink(mail, "withdrawn.buyer@example.com").login;
    await insertOrder(server.db, {
      userId: buyer,
      createdAt: "2026-01-02T10:00:00Z",
      key: "wc_order_withdrawn_buyer",
    });
    const kept = await call(`/users/invitations/${buyer}`, admin.headers, "DELETE");
    expect(kept).toMatchObject({ status: 200, body: { removed: false, role: "customer" } });
  });

  it("never leaves the store without an administrator, in whatever order changes come", async () => {
    const first = await server.session("administrator");
    const second = await server.session("administrator");
    // One administrator demotes the other; the one left cannot be demoted, by anyone.
    const demoted = await call(`/users/${second.userId}`, first.headers, "PUT", { role: "editor" });
    expect(demoted).toMatchObject({ status: 200, body: { role: "editor" } });
    const self = await call(`/users/${first.userId}`, first.headers, "PUT", { role: "editor" });
    expect([self.status, self.body.code]).toEqual([400, "rest_cannot_demote_self"]);
    const refusal = await setUserRole(server.db, first.userId, "customer", null).catch((error) => error);
    expect(refusal).toBeInstanceOf(AdminInputError);
    expect((refusal as AdminInputError).code).toBe("rest_last_administrator");
    // Promoting and keeping a role are fine.
    expect(await setUserRole(server.db, second.userId, "administrator", first.userId)).toMatchObject({
      role: "administrator",
    });
    expect(await setUserRole(server.db, first.userId, "administrator", null)).toMatchObject({
      role: "administrator",
    });
  });

  it("two administrators demoting each other at once: one wins, the other gets rest_last_administrator", async () => {
    const first = await server.session("administrator");
    const second = await server.session("administrator");
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([
        call(`/users/${second.userId}`, first.headers, "PUT", { role: "editor" }),
        call(`/users/${first.userId}`, second.headers, "PUT", { role: "customer" }),
      ]);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      // The loser is refused by the rule, or (when the winner was done before it was even let in)
      // as someone who is no longer an administrator.
      const loser = answers.find((answer) => answer.status !== 200)!;
      expect([
        [400, "rest_last_administrator"],
        [403, "rest_forbidden"],
      ]).toContainEqual([loser.status, loser.body.code]);
      const left = await server.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, "administrator"));
      expect(left).toHaveLength(1);
      // Both administrators again for the next round.
      for (const id of [first.userId, second.userId]) {
        await server.db.update(users).set({ role: "administrator" }).where(eq(users.id, id));
      }
    }
    // The same race inside the service, without HTTP in between.
    for (let round = 0; round < 8; round++) {
      const outcomes = await Promise.allSettled([
        setUserRole(server.db, first.userId, "editor", null),
        setUserRole(server.db, second.userId, "editor", null),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
      expect((refused.reason as AdminInputError).code).toBe("rest_last_administrator");
      for (const id of [first.userId, second.userId]) {
        await server.db.update(users).set({ role: "administrator" }).where(eq(users.id, id));
      }
    }
  });

  it("the role refusals are translated in both languages (_locale=user)", async () => {
    const spanish = await server.session("administrator");
    await server.db.update(users).set({ locale: "es" }).where(eq(users.id, spanish.userId));
    const self = await call(`/users/${spanish.userId}?_locale=user`, spanish.headers, "PUT", {
      role: "editor",
    });
    expect(self.body.message).toBe("No puedes quitarte tu propio rol de administrador.");
    // Only a race reaches the last-administrator refusal over REST (the test above): its texts.
    expect(createI18n("es").t("rest.errors.rest_last_administrator")).toBe(
      "La tienda debe conservar al menos un administrador.",
    );
    expect(createI18n("en").t("rest.errors.rest_last_administrator")).toBe(
      "The store must keep at least one administrator.",
    );
  });

  it("lists customers with their orders' count and last order, and shows one with addresses and orders", async () => {
    const admin = await server.session("administrator");
    const ada = await insertAccount(server.db, "ada@example.com");
    const bob = await insertAccount(server.db, "bob@example.com");
    await insertAccount(server.db, "staff@example.com", { role: "editor" });
    await insertOrder(server.db, { createdAt: "2025-03-01T10:00:00Z", userId: ada, key: "k1" });
    const last = await insertOrder(server.db, {
      createdAt: "2025-04-01T10:00:00Z",
      userId: ada,
      key: "k2",
      total: 4200,
    });
    await server.db
      .update(users)
      .set({ billingAddress: { first_name: "Ada", city: "London", country: "GB" } })
      .where(eq(users.id, ada));

    const listed = await call("/customers?per_page=1", admin.headers);
    expect(listed.status).toBe(200);
    // Newest account first; editors and administrators are not customers.
    expect(listed.body).toEqual([
      expect.objectContaining({ id: bob, email: "bob@example.com", orders_count: 0, last_order: null }),
    ]);
    const found = await call("/customers?search=ADA", admin.headers);
    expect(found.body).toEqual([
      expect.objectContaining({
        id: ada,
        orders_count: 2,
        last_order: {
          id: last.id,
          date: "2025-04-01T10:00:00.000Z",
          status: "on-hold",
          total: 4200,
          currency: "EUR",
        },
      }),
    ]);
    const shown = await call(`/customers/${ada}`, admin.headers);
    expect(shown.body).toMatchObject({
      id: ada,
      email: "ada@example.com",
      role: "customer",
      billing: { first_name: "Ada", city: "London", country: "GB" },
      shipping: null,
    });
    expect(
      (shown.body as unknown as { orders: Array<{ id: number }> }).orders.map((order) => order.id),
    ).toEqual([last.id, last.id - 1]);
    expect((await call("/customers/999999", admin.headers)).status).toBe(404);
    const editor = await server.session("editor");
    expect((await call("/customers", editor.headers)).status).toBe(403);
    expect((await call(`/customers/${ada}`, editor.headers)).status).toBe(403);
  });
});

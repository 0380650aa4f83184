import { mailOutbox, orders } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { placeTestOrder } from "../orders/order-fixtures.test-helper.ts";
import { resendOrderConfirmation } from "../orders/orders-admin.server.ts";
import { type RecordingMailer, recordingMailer, testContext } from "../shared/test-context.test-helper.ts";
import {
  confirmationMailOf,
  deliverDueMails,
  deliverOrderConfirmation,
  MAIL_ATTEMPTS,
  sweepMailOutbox,
} from "./mail-outbox.server.ts";

describe.each(await availableDialects())("the mail outbox on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  /** A mailer that fails while `down.now` is true, and records what it sent otherwise. */
  function flakyMailer(): RecordingMailer & { down: { now: boolean } } {
    const mailer = recordingMailer();
    const down = { now: true };
    return {
      ...mailer,
      down,
      async send(message) {
        if (down.now) throw new Error("smtp down");
        return mailer.send(message);
      },
    };
  }
  const context = (mailer: RecordingMailer = recordingMailer()) => testContext({ db: database.db, mailer });
  const order = async () => {
    const mug = await insertSimpleProduct(database.db, {
      slug: `mug-${Math.random()}`,
      price: 1000,
      stock: 5,
    });
    const id = await placeTestOrder(database.db, [{ productId: mug.id, quantity: 1 }]);
    // The outbox's workings are followed on one mail, the shopper's confirmation: the owner's "new
    // order" the placing also owes is the order mails' tests' (order-mails.server.test.tsx).
    await database.db
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.orderId, id), ne(mailOutbox.kind, "order_confirmation")));
    return id;
  };
  const owed = async (orderId: number) =>
    (
      await database.db
        .select({
          attempts: mailOutbox.attempts,
          done: sql<boolean>`${mailOutbox.doneAt} is not null`,
          lastError: mailOutbox.lastError,
          // Minutes from now to the next attempt, rounded.
          waitMinutes: sql<number>`round(extract(epoch from ${mailOutbox.nextAttemptAt} - now()) / 60)::int`,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.orderId, orderId))
    )[0];
  /** As if the time to the next attempt had passed. */
  const timePasses = () =>
    database.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });

  it("owes a placed order's confirmation from its commit on, and sends it once", async () => {
    const id = await order();
    expect(await owed(id)).toEqual({ attempts: 0, done: false, lastError: null, waitMinutes: 0 });

    const ctx = context();
    expect(await deliverOrderConfirmation(ctx, id)).toBe("sent");
    expect(ctx.mailer.sent.map((mail) => mail.to)).toEqual(["ada@example.com"]);
    expect(ctx.mailer.sent[0]!.subject).toContain(`#${id}`);
    expect(await owed(id)).toMatchObject({ attempts: 1, done: true, lastError: null });

    // Sent is done: neither the answer's path again nor a sweep, however late, sends it twice.
    expect(await deliverOrderConfirmation(ctx, id)).toBe("held");
    await timePasses();
    expect(await deliverDueMails(ctx)).toEqual([]);
    expect(ctx.mailer.sent).toHaveLength(1);
  });

  it("tries a failed mail again once it is due, further apart each time, until it is sent", async () => {
    const id = await order();
    const mailer = flakyMailer();
    const ctx = context(mailer);
    const stateOf = async () => (await confirmationMailOf(database.db, id))?.state;
    expect(await stateOf()).toBe("sending");
    expect(await deliverOrderConfirmation(ctx, id)).toBe("failed");
    expect(await owed(id)).toEqual({ attempts: 1, done: false, lastError: "smtp down", waitMinutes: 1 });
    // What the back office shows: the attempts, the error and when the next one is.
    const retrying = await confirmationMailOf(database.db, id);
    expect(retrying).toMatchObject({ state: "retrying", attempts: 1, lastError: "smtp down" });
    expect(retrying!.at.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a sweep leaves it alone.
    expect(await deliverDueMails(ctx)).toEqual([]);

    await timePasses();
    expect(await deliverDueMails(ctx)).toEqual(["failed"]);
    expect(await owed(id)).toMatchObject({ attempts: 2, waitMinutes: 4 });
    await timePasses();
    expect(await deliverDueMails(ctx)).toEqual(["failed"]);
    expect(await owed(id)).toMatchObject({ attempts: 3, waitMinutes: 16 });

    mailer.down.now = false;
    await timePasses();
    expect(await deliverDueMails(ctx)).toEqual(["sent"]);
    expect(mailer.sent.map((mail) => mail.to)).toEqual(["ada@example.com"]);
    expect(await owed(id)).toMatchObject({ attempts: 4, done: true, lastError: null });
    expect(await stateOf()).toBe("sent");
  });

  it("sends what a process left owed when it died: never tried, or tried and cut off", async () => {
    // Committed, and the process died before its first attempt.
    const neverTried = await order();
    // An attempt claimed it and died before sending: it waits for the claim's time to pass.
    const cutOff = await order();
    await database.db
      .update(mailOutbox)
      .set({ attempts: 1, nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.orderId, cutOff));

    const ctx = context();
    expect(await deliverDueMails(ctx)).toEqual(["sent"]);
    expect(await owed(neverTried)).toMatchObject({ done: true });
    expect(await owed(cutOff)).toMatchObject({ done: false });

    await timePasses();
    expect(await deliverDueMails(ctx)).toEqual(["sent"]);
    expect(await owed(cutOff)).toMatchObject({ attempts: 2, done: true });
    expect(ctx.mailer.sent).toHaveLength(2);
  });

  it("sends each mail once when several processes sweep at the same time", async () => {
    const ids = [await order(), await order(), await order()];
    const mailer = recordingMailer();
    const sweeps = await Promise.all([1, 2, 3].map(() => deliverDueMails(context(mailer))));
    expect(sweeps.flat().filter((delivery) => delivery === "sent")).toHaveLength(3);
    expect(mailer.sent).toHaveLength(3);
    for (const id of ids)
      expect(mailer.sent.filter((mail) => mail.subject.includes(`#${id}`))).toHaveLength(1);
  });

  it("a send still under way after a minute is not sent again by another process's sweep", async () => {
    const id = await order();
    // The first send waits (a slow mail server) until the test lets it finish.
    const sent = recordingMailer();
    let entered = () => {};
    const sending = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let finish = () => {};
    const slow: RecordingMailer = {
      sent: sent.sent,
      async send(message) {
        entered();
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return sent.send(message);
      },
    };
    const first = deliverOrderConfirmation(context(slow), id);
    await sending;
    // Two minutes on (nodemailer waits up to 2 for a connection and 10 for a quiet socket), another
    // process sweeps: the mail is still held by the first.
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`${mailOutbox.nextAttemptAt} - interval '2 minutes'` });
    const other = recordingMailer();
    expect(await deliverDueMails(context(other))).toEqual([]);
    finish();
    expect(await first).toBe("sent");
    expect([...sent.sent, ...other.sent]).toHaveLength(1);
  });

  it(`gives up after ${MAIL_ATTEMPTS} attempts, and says so`, async () => {
    const id = await order();
    const ctx = context(flakyMailer());
    const deliveries = [await deliverOrderConfirmation(ctx, id)];
    for (let sweep = 0; sweep < MAIL_ATTEMPTS; sweep++) {
      await timePasses();
      deliveries.push(...(await deliverDueMails(ctx)));
    }
    expect(deliveries).toEqual([...Array(MAIL_ATTEMPTS - 1).fill("failed"), "gave_up"]);
    expect(await owed(id)).toMatchObject({ attempts: MAIL_ATTEMPTS, done: false, lastError: "smtp down" });
    expect(await confirmationMailOf(database.db, id)).toMatchObject({
      state: "gave_up",
      attempts: MAIL_ATTEMPTS,
    });
  });

  it("stops trying once the owner has sent the confirmation by hand", async () => {
    const id = await order();
    const mailer = flakyMailer();
    expect(await deliverOrderConfirmation(context(mailer), id)).toBe("failed");
    mailer.down.now = false;
    expect(await resendOrderConfirmation(context(mailer), id)).toEqual({ sentTo: "ada@example.com" });
    expect(await confirmationMailOf(database.db, id)).toMatchObject({ state: "sent", lastError: null });
    await timePasses();
    expect(await deliverDueMails(context(mailer))).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
  });

  it("is done with an order that has no address to send to", async () => {
    const id = await order();
    await database.db
      .update(orders)
      .set({ billingAddress: { first_name: "Ada" } })
      .where(eq(orders.id, id));
    const ctx = context();
    expect(await deliverOrderConfirmation(ctx, id)).toBe("nothing_to_send");
    expect(await owed(id)).toMatchObject({ attempts: 1, done: true, lastError: "no_email" });
    expect(await confirmationMailOf(database.db, id)).toMatchObject({ state: "nothing_to_send" });
    expect(ctx.mailer.sent).toEqual([]);
  });

  it("shows no state for an order that owes no mail", async () => {
    expect(await confirmationMailOf(database.db, 4242)).toBeNull();
  });

  it("sweeps in each server process once at start, then on its interval", async () => {
    const first = await order();
    const ctx = context();
    const tracked: Array<Promise<void>> = [];
    const sweeper = sweepMailOutbox({
      context: () => ctx,
      track: (work) => tracked.push(work),
      intervalMs: 20,
    });
    try {
      await Promise.all(tracked);
      expect(await owed(first)).toMatchObject({ done: true });
      // Owed after the first sweep and never tried: a later sweep sends it.
      const later = await order();
      await expect.poll(async () => (await owed(later))?.done).toBe(true);
    } finally {
      sweeper.stop();
    }
    await Promise.all(tracked);
    expect(ctx.mailer.sent).toHaveLength(2);
  });
});

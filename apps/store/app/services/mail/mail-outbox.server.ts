import { type Database, type MailKind, mailOutbox, type Transaction } from "@vitrine/db";
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { UnsentMail } from "../../lib/dashboard.ts";
import { makeOrderConfirmation } from "../orders/order-mail.server.tsx";
import { storeMetrics } from "../shared/store-metrics.server.ts";
import { sweepEvery } from "../shared/sweep.server.ts";
import { makeAccountMail } from "./account-mails.server.tsx";
import type { MadeMail, OwedMailRow } from "./mail-parts.server.tsx";
import { makeOrderMail } from "./order-mails.server.tsx";
import { makeStockMail } from "./stock-mails.server.tsx";
import { type MailContext, mailSwitchedOn } from "./store-mail.server.ts";

/**
 * The mails an order owes (decision 0050). The order's transaction writes what it owes
 * (`oweOrderMails`), so a committed order always has its confirmation owed, whatever happens
 * to the process after the commit; `deliverOrderConfirmation` sends it right after the answer, and
 * `deliverDueMails`, run by every server process at start and every minute, sends what a failed
 * attempt or a dead process left, until it is sent or the attempts run out.
 */

/** Attempts before the outbox gives up: 1, 4, 16, 64, 256 and 1,024 minutes apart, then a day: about 2 days. */
export const MAIL_ATTEMPTS = 8;
/**
 * How long a claimed mail is held by its attempt: longer than the mailer can take over one send
 * (nodemailer waits up to 2 minutes for a connection and 10 for a quiet socket), so no other
 * process sends it meanwhile. A process that dies mid-send leaves the mail due again after it.
 */
const CLAIM_MINUTES = 15;
/** How often each server process looks for mails that are due. */
export const MAIL_SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 20;

/** One mail the store owes: its kind, the order it is about, and what names it among that order's. */
export type OwedMail = {
  kind: MailKind;
  orderId?: number | null;
  /** Tells apart several mails of one kind about one order (a note's id, a refund's id …). */
  ref?: string | number;
  payload?: Record<string, unknown>;
};

/** The outbox's name for a mail: owing it twice owes it once. */
export function mailKey(mail: Pick<OwedMail, "kind" | "orderId" | "ref">): string {
  return [mail.kind, mail.orderId ?? "", mail.ref ?? ""].join(":").replace(/:+$/, "");
}

/** In the transaction that makes the mails owed: each is owed from the commit on, once; several in one statement. */
export async function oweMail(
  tx: Transaction | Database,
  ...mails: [OwedMail, ...OwedMail[]]
): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        key: mailKey(mail),
        kind: mail.kind,
        orderId: mail.orderId ?? null,
        payload: mail.payload ?? {},
      })),
    )
    .onConflictDoNothing();
}

/**
 * In the transaction that placed the order: the shopper's confirmation and the owner's "new order"
 * mail, owed from the commit on (one statement, in the order's transaction).
 */
export async function oweOrderMails(tx: Transaction, orderId: number): Promise<void> {
  await oweMail(tx, { kind: "order_confirmation", orderId }, { kind: "new_order", orderId });
}

/** An order's confirmation in the outbox (one per order). */
const confirmationOf = (orderId: number) =>
  eq(mailOutbox.key, mailKey({ kind: "order_confirmation", orderId }));

/** What the outbox did with one owed mail ("held": not owed any more, not yet due, or another attempt's). */
export type Delivery = "sent" | "nothing_to_send" | "failed" | "gave_up" | "held";

/** Sends an order's owed confirmation now, if it is still owed and no other attempt holds it. */
export async function deliverOrderConfirmation(context: MailContext, orderId: number): Promise<Delivery> {
  return deliver(context, confirmationOf(orderId));
}

/**
 * Sends an order's mails that were just owed (never tried yet), right after the answer that owed them;
 * what fails is left to the sweep.
 */
export async function deliverNewOrderMails(context: MailContext, orderId: number): Promise<Delivery[]> {
  // Claimed together in one statement, made from one read of the order, sent one by one, and those
  // sent settled together in one statement (a process that dies before it sends them again: twice,
  // never none).
  const claimed = await claim(context, and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.attempts, 0)));
  const together = { ...context, orderReads: new Map() };
  const attempts: Attempt[] = [];
  for (const mail of claimed.toSorted((a, b) => a.id - b.id)) attempts.push(await attempt(together, mail));
  await markDone(context, attempts);
  return attempts.map((made) => made.delivery);
}

/** Sends the mail `key` names right after the answer that owed it (a new account's); the sweep retries. */
export async function deliverMail(context: MailContext, key: string): Promise<Delivery> {
  return deliver(context, eq(mailOutbox.key, key));
}

/** Sends every owed mail whose time has come (a batch at a time); answers how each went. */
export async function deliverDueMails(context: MailContext): Promise<Delivery[]> {
  const due = await context.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.doneAt),
        lt(mailOutbox.attempts, MAIL_ATTEMPTS),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(SWEEP_BATCH);
  const deliveries: Delivery[] = [];
  for (const { id } of due) deliveries.push(await deliver(context, eq(mailOutbox.id, id)));
  return deliveries;
}

/**
 * One attempt. The claim counts the attempt and holds the mail for `CLAIM_MINUTES` in one statement,
 * so two processes never both send it, and a process that dies before the end leaves the mail due
 * again then; a failure sets the next attempt (4^(attempts - 1) minutes on, a day at most). The first attempt is not held back by the clock: it is the
 * one made right after the answer. `owed` picks the one mail (by its id, or by its order).
 */
async function deliver(context: MailContext, owed: SQL | undefined): Promise<Delivery> {
  const [claimed] = await claim(context, owed);
  return claimed ? settle(context, claimed) : "held";
}

/** Claims the owed mails `owed` picks that are due (see `deliver`): none when another attempt holds them. */
function claim(context: MailContext, owed: SQL | undefined) {
  return context.db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + ${CLAIM_MINUTES} * interval '1 minute'`,
    })
    .where(
      and(
        owed,
        isNull(mailOutbox.doneAt),
        lt(mailOutbox.attempts, MAIL_ATTEMPTS),
        sql`(${mailOutbox.attempts} = 0 or ${mailOutbox.nextAttemptAt} <= now())`,
      ),
    )
    .returning({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      orderId: mailOutbox.orderId,
      payload: mailOutbox.payload,
      attempts: mailOutbox.attempts,
    });
}

/** Sends one claimed mail and settles it: done, or its error kept for the next attempt. */
async function settle(
  context: MailContext,
  claimed: OwedMailRow & { id: number; attempts: number },
): Promise<Delivery> {
  const made = await attempt(context, claimed);
  await markDone(context, [made]);
  return made.delivery;
}

/** One claimed mail sent (or found to need no sending), or failed with its error kept; `done` is what settles it. */
type Attempt = { id: number; delivery: Delivery; done?: { unsent: string | null } };

async function attempt(
  context: MailContext,
  claimed: OwedMailRow & { id: number; attempts: number },
): Promise<Attempt> {
  const { id } = claimed;
  let result: MailOutcome;
  try {
    result = await sendOwedMail(context, claimed);
  } catch (error) {
    const last = claimed.attempts >= MAIL_ATTEMPTS;
    storeMetrics().mailFailures.inc({ kind: claimed.kind });
    const log = { err: error, kind: claimed.kind, orderId: claimed.orderId, attempt: claimed.attempts };
    if (last) context.logger.error(log, "mail failed; no attempts left");
    else context.logger.warn(log, "mail failed; it will be tried again");
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const wait = Math.min(4 ** (claimed.attempts - 1), 1440);
    await context.db
      .update(mailOutbox)
      .set({ lastError, nextAttemptAt: sql`now() + ${wait} * interval '1 minute'` })
      .where(eq(mailOutbox.id, id));
    return { id, delivery: last ? "gave_up" : "failed" };
  }
  const unsent = "unsent" in result ? result.unsent : null;
  return { id, delivery: unsent ? "nothing_to_send" : "sent", done: { unsent } };
}

/**
 * Sent (or nothing to send): done, one statement for those settled alike. Should this write fail, the
 * mail is sent again once its lease passes: a shopper may get a mail twice, never none.
 */
async function markDone(context: MailContext, attempts: Attempt[]): Promise<void> {
  const byReason = new Map<string | null, number[]>();
  for (const { id, done } of attempts)
    if (done) byReason.set(done.unsent, [...(byReason.get(done.unsent) ?? []), id]);
  for (const [unsent, ids] of byReason)
    await context.db
      .update(mailOutbox)
      .set({ doneAt: sql`now()`, lastError: unsent })
      .where(inArray(mailOutbox.id, ids));
}

/** What one send did: where the mail went, or why there was nothing to send. */
type MailOutcome = { sentTo: string } | { unsent: string };

/** Who makes each kind of mail (decision 0062). */
const MAKERS: Record<MailKind, (context: MailContext, mail: OwedMailRow) => Promise<MadeMail>> = {
  order_confirmation: (context, mail) =>
    mail.orderId === null
      ? Promise.resolve({ unsent: "unknown_order" })
      : makeOrderConfirmation(context, mail.orderId),
  new_order: makeOrderMail,
  cancelled_order: makeOrderMail,
  failed_order: makeOrderMail,
  customer_on_hold_order: makeOrderMail,
  customer_processing_order: makeOrderMail,
  customer_completed_order: makeOrderMail,
  customer_refunded_order: makeOrderMail,
  customer_note: makeOrderMail,
  low_stock: makeStockMail,
  no_stock: makeStockMail,
  backorder: makeStockMail,
  customer_new_account: makeAccountMail,
  payment_dispute: makeOrderMail,
};

/**
 * Makes and sends one owed mail of any kind; a mailer failure is thrown (the outbox tries again). A
 * kind the owner switched off is settled when its turn comes, with nothing sent: switching it on
 * again does not send what was owed meanwhile (a stale "processing" mail would mislead).
 */
async function sendOwedMail(context: MailContext, mail: OwedMailRow): Promise<MailOutcome> {
  if (!mailSwitchedOn(context.settings, mail.kind)) return { unsent: "switched_off" };
  const made = await MAKERS[mail.kind](context, mail);
  if ("unsent" in made) return made;
  await context.mailer.send(made.mail);
  return { sentTo: made.mail.to };
}

/** Where an order's confirmation stands, for the back office; null for an order that owes none. */
export type ConfirmationMailState = {
  state: "sent" | "nothing_to_send" | "sending" | "retrying" | "gave_up";
  attempts: number;
  /** When it was sent or settled; for one still owed, when it is tried next. */
  at: Date;
  lastError: string | null;
};

export async function confirmationMailOf(
  db: Database,
  orderId: number,
): Promise<ConfirmationMailState | null> {
  const [row] = await db.select().from(mailOutbox).where(confirmationOf(orderId));
  if (!row) return null;
  const { attempts, lastError } = row;
  if (row.doneAt)
    return { state: lastError ? "nothing_to_send" : "sent", attempts, at: row.doneAt, lastError };
  const state = attempts >= MAIL_ATTEMPTS ? "gave_up" : attempts === 0 ? "sending" : "retrying";
  return { state, attempts, at: row.nextAttemptAt, lastError };
}

/** Orders whose confirmation failed at least once and is not sent yet, the newest first. */
export async function unsentConfirmations(db: Database, limit: number): Promise<UnsentMail[]> {
  const rows = await db
    .select({ orderId: mailOutbox.orderId, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.kind, "order_confirmation"), isNull(mailOutbox.doneAt), gt(mailOutbox.attempts, 0)),
    )
    .orderBy(desc(mailOutbox.orderId))
    .limit(limit);
  return rows.map((row) => ({
    orderId: row.orderId!,
    attempts: row.attempts,
    gaveUp: row.attempts >= MAIL_ATTEMPTS,
  }));
}

/** The owner sent the confirmation by hand: nothing is owed any more, so the outbox stops trying. */
export async function confirmationSentByHand(db: Database, orderId: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ doneAt: sql`now()`, lastError: null })
    .where(and(confirmationOf(orderId), isNull(mailOutbox.doneAt)));
}

/**
 * Every minute, and once now, sends what is due: in each server process (a claim is taken once
 * whichever process asks first). `track` lets the shutdown wait for a sweep under way.
 */
export function sweepMailOutbox(options: {
  context: () => MailContext;
  track: (work: Promise<void>) => void;
  intervalMs?: number;
}): { stop(): void } {
  return sweepEvery({
    ...options,
    work: deliverDueMails,
    intervalMs: options.intervalMs ?? MAIL_SWEEP_INTERVAL_MS,
    failure: "sending owed mails failed",
  });
}

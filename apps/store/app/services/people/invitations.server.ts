import { randomBytes } from "node:crypto";
import { type Database, orders, type Role, sessions, users } from "@vitrine/db";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.server.ts";
import { isLocale, type Locale } from "../../i18n/i18n.ts";
import type { InvitationInput, InvitationRow, InvitationState } from "../../lib/people-resource.ts";
import { AdminInputError } from "../shared/admin-input-error.server.ts";
import { tokenHash } from "./accounts.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { invitationMail } from "./people-mail.server.tsx";
import { setUserRoleIn } from "./users.server.ts";

/**
 * Invitations (issue 17 "People", decision 0038): an administrator names an e-mail and a role; the
 * account is made (with no password anyone can sign in with) or given that role, and a one-time link
 * to choose a password and sign in is mailed in the invitee's language. The link's token is kept
 * like a password reset's (its hash, in the account's meta), in a slot of its own, for a week;
 * inviting again renews it.
 */

export const INVITATION_DAYS = 7;

/** A password no scrypt hash matches: an invited account cannot be signed in to before it is accepted. */
const NO_PASSWORD = "invited$no-password";

export type Invitation = {
  userId: number;
  email: string;
  role: Role;
  /** True when the account was made by this invitation. */
  created: boolean;
  locale: Locale;
  expiresAt: string;
};

/**
 * The invitation's slot in the account's meta. While the link is open: its hash and end, when it was
 * sent, whether the invitation made the account and the role the account had before (what a
 * withdrawal puts back). Once accepted only `sentAt` and `acceptedAt` stay, for the list.
 */
type InvitationSlot = {
  hash?: string;
  expires?: number;
  sentAt?: number;
  acceptedAt?: number;
  created?: boolean;
  previousRole?: Role | null;
};

const slotOf = (meta: Record<string, unknown>) => meta.invitation as InvitationSlot | undefined;

/**
 * Invites `input.email` as `input.role`, by administrator `actorId`: the role change follows the
 * role rules (`setUserRoleIn`: not oneself, never the last administrator), in the same transaction
 * as the new link. Then mails the link; a mail that cannot be sent is `InvitationMailError` (the
 * invitation stands, and inviting again sends a new link).
 */
export async function inviteUser(
  context: Pick<AppContext, "db" | "mailer" | "config" | "settings" | "logger" | "locale">,
  input: InvitationInput,
  actorId: number | null,
): Promise<Invitation> {
  const token = randomBytes(24).toString("base64url");
  const expires = Date.now() + INVITATION_DAYS * 86_400_000;
  const invitation = await context.db.transaction(async (tx) => {
    const byEmail = sql`lower(${users.email}) = ${input.email}`;
    const inserted = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash: NO_PASSWORD,
        role: "customer",
        locale: input.locale ?? context.locale,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const [user] = await tx
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(byEmail);
    if (!user) throw new AdminInputError("rest_invalid_param", "Invalid parameter: email", "email");
    const [before] = await tx
      .select({ role: users.role, meta: users.meta })
      .from(users)
      .where(eq(users.id, user.id));
    const changed = await setUserRoleIn(tx, user.id, input.role, actorId);
    // A renewed invitation (not yet accepted) keeps what the first one found: whether it made the
    // account, and the role from before it.
    const open = before && slotOf(before.meta)?.hash ? slotOf(before.meta) : undefined;
    const slot: InvitationSlot = {
      hash: tokenHash(token),
      expires,
      sentAt: Date.now(),
      created: open ? open.created === true : inserted.length > 0,
      previousRole: open ? (open.previousRole ?? null) : inserted.length > 0 ? null : (before?.role ?? null),
    };
    await tx
      .update(users)
      .set({ meta: sql`${users.meta} || jsonb_build_object('invitation', ${JSON.stringify(slot)}::jsonb)` })
      .where(eq(users.id, user.id));
    const locale: Locale = input.locale ?? (isLocale(user.locale) ? user.locale : context.locale);
    return {
      userId: user.id,
      email: user.email,
      role: changed?.role ?? input.role,
      created: inserted.length > 0,
      locale,
      expiresAt: new Date(expires).toISOString(),
    };
  });
  const link = `${context.config.publicUrl}/my-account/invitation?${new URLSearchParams({
    key: token,
    login: String(invitation.userId),
  })}`;
  try {
    await context.mailer.send(await invitationMail(invitation, link, context.settings.name, INVITATION_DAYS));
  } catch (error) {
    context.logger.error({ err: error }, "invitation mail failed");
    throw new InvitationMailError();
  }
  return invitation;
}

export class InvitationMailError extends Error {
  override name = "InvitationMailError";
  constructor() {
    super("The invitation was saved, but its mail could not be sent.");
  }
}

const invitationCondition = (userId: number, token: string) =>
  and(
    eq(users.id, userId),
    sql`${users.meta}->'invitation'->>'hash' = ${tokenHash(token)}::text`,
    sql`(${users.meta}->'invitation'->>'expires')::bigint > ${Date.now()}::bigint`,
  );

/** The invited account's e-mail and role while its link is good; null for a used, stale or wrong link. */
export async function openInvitation(
  db: Database,
  userId: number,
  token: string,
): Promise<{ email: string; role: Role } | null> {
  const [user] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(invitationCondition(userId, token));
  return user ?? null;
}

/**
 * Sets the invitee's password and uses up the link, in one statement (of two acceptances at once,
 * one wins); the account's other sessions end. Null for a used, stale or wrong link.
 */
export async function acceptInvitation(
  db: Database,
  userId: number,
  token: string,
  password: string,
): Promise<{ id: number; role: Role } | null> {
  const passwordHash = await hashPassword(password);
  // The slot stays, with when it was sent and accepted, so the back office lists it as accepted.
  const [user] = await db
    .update(users)
    .set({
      passwordHash,
      meta: sql`jsonb_set(${users.meta}, '{invitation}', jsonb_strip_nulls(jsonb_build_object('sentAt', ${users.meta}->'invitation'->'sentAt', 'acceptedAt', ${Date.now()}::bigint)))`,
    })
    .where(invitationCondition(userId, token))
    .returning({ id: users.id, role: users.role });
  if (!user) return null;
  await db.delete(sessions).where(eq(sessions.userId, userId));
  return user;
}

/** Whether an account's invitation is still open (for the back office's staff list). */
export function invitationPending(meta: Record<string, unknown>, now = Date.now()): boolean {
  return invitationState(slotOf(meta), now) === "sent";
}

function invitationState(slot: InvitationSlot | undefined, now: number): InvitationState | null {
  if (!slot) return null;
  if (typeof slot.acceptedAt === "number") return "accepted";
  if (!slot.hash || typeof slot.expires !== "number") return null;
  return slot.expires > now ? "sent" : "expired";
}

/** The most invitations the back office lists at once. */
export const INVITATIONS_LIMIT = 100;

/**
 * The invitations, newest sent first: open, expired and accepted ones (a withdrawn one is gone).
 * Invitations from before `sentAt` was kept were sent a week before they end.
 */
export async function listInvitations(
  db: Database,
  options: { limit: number; offset: number },
  now = Date.now(),
): Promise<{ total: number; invitations: InvitationRow[] }> {
  const slot = sql`${users.meta}->'invitation'`;
  const sentAt = sql`coalesce((${slot}->>'sentAt')::bigint, (${slot}->>'expires')::bigint - ${INVITATION_DAYS * 86_400_000}::bigint)`;
  const where = isNotNull(slot);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, role: users.role, meta: users.meta })
      .from(users)
      .where(where)
      .orderBy(desc(sentAt), desc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const invitations = rows.flatMap(({ meta, ...user }): InvitationRow[] => {
    const found = slotOf(meta);
    const state = invitationState(found, now);
    if (!found || !state) return [];
    const sent = found.sentAt ?? (found.expires ? found.expires - INVITATION_DAYS * 86_400_000 : null);
    const iso = (time: number | null | undefined) =>
      typeof time === "number" ? new Date(time).toISOString() : null;
    return [
      {
        userId: user.id,
        email: user.email,
        role: user.role,
        state,
        sentAt: iso(sent),
        expiresAt: state === "accepted" ? null : iso(found.expires),
        acceptedAt: iso(found.acceptedAt),
      },
    ];
  });
  return { total: counted?.total ?? 0, invitations };
}

/**
 * Sends an invitation that was not accepted again (open or expired): a new link, the old one
 * refused from now on, in the account's language. Null when the account has no such invitation.
 */
export async function resendInvitation(
  context: Pick<AppContext, "db" | "mailer" | "config" | "settings" | "logger" | "locale">,
  userId: number,
  actorId: number | null,
): Promise<Invitation | null> {
  const [user] = await context.db
    .select({ email: users.email, role: users.role, locale: users.locale, meta: users.meta })
    .from(users)
    .where(eq(users.id, userId));
  const state = user ? invitationState(slotOf(user.meta), Date.now()) : null;
  if (!user || (state !== "sent" && state !== "expired")) return null;
  return inviteUser(
    context,
    {
      email: user.email.toLowerCase(),
      role: user.role,
      locale: isLocale(user.locale) ? user.locale : undefined,
    },
    actorId,
  );
}

export type Withdrawal = { userId: number; email: string; removed: boolean; role: Role | null };

/**
 * Withdraws an invitation not accepted: its link is refused from now on. An account the invitation
 * made and nobody ever used (still no password, no order) is removed; any other goes back to the
 * role it had before the invitation (a made account that placed an order stays a customer). Either
 * way under the role rules' lock (`setUserRoleIn`), so the last administrator is never withdrawn.
 * Null when the account has no such invitation.
 */
export async function withdrawInvitation(
  db: Database,
  userId: number,
  actorId: number | null,
): Promise<Withdrawal | null> {
  return db.transaction(async (tx) => {
    // The role rules' order of locks (`setUserRoleIn`): the administrators' rows, then the account's.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "administrator"))
      .orderBy(asc(users.id))
      .for("update");
    const [user] = await tx
      .select({ email: users.email, passwordHash: users.passwordHash, meta: users.meta })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    const slot = user ? slotOf(user.meta) : undefined;
    const state = invitationState(slot, Date.now());
    if (!user || !slot || (state !== "sent" && state !== "expired")) return null;
    const unused = slot.created === true && user.passwordHash === NO_PASSWORD;
    const changed = await setUserRoleIn(
      tx,
      userId,
      unused ? "customer" : (slot.previousRole ?? "customer"),
      actorId,
    );
    if (unused) {
      const [ordered] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, userId))
        .limit(1);
      if (!ordered) {
        await tx.delete(users).where(eq(users.id, userId));
        return { userId, email: user.email, removed: true, role: null };
      }
    }
    await tx
      .update(users)
      .set({ meta: sql`${users.meta} - 'invitation'` })
      .where(eq(users.id, userId));
    return { userId, email: user.email, removed: false, role: changed?.role ?? null };
  });
}

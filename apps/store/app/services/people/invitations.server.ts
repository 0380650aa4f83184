import { randomBytes } from "node:crypto";
import { type Database, type Role, sessions, users } from "@vitrine/db";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.server.ts";
import { isLocale, type Locale } from "../../i18n/i18n.ts";
import type { InvitationInput } from "../../lib/people-resource.ts";
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

type InvitationSlot = { hash?: string; expires?: number };

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
    const changed = await setUserRoleIn(tx, user.id, input.role, actorId);
    await tx
      .update(users)
      .set({
        meta: sql`${users.meta} || jsonb_build_object('invitation', jsonb_build_object('hash', ${tokenHash(token)}::text, 'expires', ${expires}::bigint))`,
      })
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
  const [user] = await db
    .update(users)
    .set({ passwordHash, meta: sql`${users.meta} - 'invitation'` })
    .where(invitationCondition(userId, token))
    .returning({ id: users.id, role: users.role });
  if (!user) return null;
  await db.delete(sessions).where(eq(sessions.userId, userId));
  return user;
}

/** Whether an account's invitation is still open (for the back office's staff list). */
export function invitationPending(meta: Record<string, unknown>, now = Date.now()): boolean {
  const slot = meta.invitation as InvitationSlot | undefined;
  return Boolean(slot?.hash && typeof slot.expires === "number" && slot.expires > now);
}

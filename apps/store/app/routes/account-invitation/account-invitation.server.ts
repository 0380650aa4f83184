import { type AppLoadContext, data, redirect } from "react-router";
import { z } from "zod";
import { createI18n } from "../../i18n/i18n.ts";
import { accountHintForRole } from "../../lib/account-hint.ts";
import { guestFormNonce, isResetTokenShape } from "../../services/people/accounts.server.ts";
import { acceptInvitation, openInvitation } from "../../services/people/invitations.server.ts";
import { verifyNonce } from "../../services/shared/nonce.server.ts";

/**
 * `/my-account/invitation?key=…&login=…` (decision 0038): the invitee chooses a password and is
 * signed in; staff go on to the back office. The link works once and for a week. The page's texts
 * are translated here (`backOffice.people.invitationPage`): documents do not carry that section.
 */

export const INVITATION_NONCE = "accept_invitation";

const linkSchema = z.object({
  key: z.string().refine(isResetTokenShape),
  login: z.coerce.number().int().positive().max(2_147_483_647),
});
const acceptSchema = linkSchema.extend({
  password_1: z.string().min(8, "account.errors.password_short").max(200),
});

export async function invitationView(context: AppLoadContext, url: URL) {
  const link = linkSchema.safeParse(Object.fromEntries(url.searchParams));
  const invitation = link.success ? await openInvitation(context.db, link.data.login, link.data.key) : null;
  const t = createI18n(context.locale).t;
  const text = (key: string, values?: Record<string, string>) =>
    t(`backOffice.people.invitationPage.${key}`, values ?? {});
  return {
    nonce: guestFormNonce(context.config.sessionSecret, INVITATION_NONCE),
    invitation: invitation && link.success ? { ...link.data, email: invitation.email } : null,
    texts: {
      title: text("title"),
      intro: invitation ? text("intro", { email: invitation.email }) : "",
      password: text("password"),
      accept: text("accept"),
      invalid: text("invalid"),
    },
  };
}

/** An action's refusal, in the page's language. */
function refusal(context: AppLoadContext, key: string, status: number) {
  return data({ error: createI18n(context.locale).t(key) }, { status });
}

export async function invitationAction(context: AppLoadContext, request: Request) {
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>;
  if (!verifyNonce(context.config.sessionSecret, INVITATION_NONCE, form._wpnonce ?? "")) {
    return refusal(context, "account.errors.nonce", 403);
  }
  const parsed = acceptSchema.safeParse(form);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "";
    return refusal(
      context,
      message.startsWith("account.") ? message : "backOffice.people.invitationPage.invalid",
      400,
    );
  }
  const user = await acceptInvitation(context.db, parsed.data.login, parsed.data.key, parsed.data.password_1);
  if (!user) return refusal(context, "backOffice.people.invitationPage.invalid", 400);
  await context.session.login(user.id, accountHintForRole(user.role));
  throw redirect(user.role === "customer" ? "/my-account" : "/admin", {
    headers: context.session.headers(),
  });
}

import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { z } from "zod";
import { isLocale } from "../../i18n/i18n.ts";
import {
  createPasswordReset,
  guestFormNonce,
  isResetTokenShape,
  passwordResetOpen,
  resetPassword,
} from "../../services/people/accounts.server.ts";
import { passwordResetMail } from "../../services/people/people-mail.server.tsx";
import { verifyNonce } from "../../services/shared/nonce.server.ts";

export const LOST_PASSWORD_NONCE = "lost_password";

const requestSchema = z.object({
  user_login: z.string().trim().toLowerCase().email("account.errors.email").max(254),
});
const linkSchema = z.object({
  key: z.string().refine(isResetTokenShape),
  login: z.coerce.number().int().positive().max(2_147_483_647),
});
const resetSchema = linkSchema.extend({
  password_1: z.string().min(8, "account.errors.password_short").max(200),
});

/**
 * The page: with a reset link that is still good, the new password's form; with one that was used,
 * replaced or is past its 24 hours, the reason above the form that asks for a new link (as
 * WooCommerce checks the key before it shows its form).
 */
export async function lostPasswordView(context: AppLoadContext, url: URL) {
  const nonce = guestFormNonce(context.config.sessionSecret, LOST_PASSWORD_NONCE);
  if (!url.searchParams.has("key") && !url.searchParams.has("login"))
    return { nonce, reset: null, error: null };
  const link = linkSchema.safeParse(Object.fromEntries(url.searchParams));
  const open = link.success && (await passwordResetOpen(context.db, link.data.login, link.data.key));
  return open
    ? { nonce, reset: { key: link.data.key, login: String(link.data.login) }, error: null }
    : { nonce, reset: null, error: "account.errors.reset_invalid" };
}

export async function lostPasswordAction(context: AppLoadContext, request: Request) {
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>;
  if (!verifyNonce(context.config.sessionSecret, LOST_PASSWORD_NONCE, form._wpnonce ?? "")) {
    return data({ error: "account.errors.nonce", sent: false }, { status: 403 });
  }
  if (form.intent === "reset") {
    const parsed = resetSchema.safeParse(form);
    if (!parsed.success) {
      return data(
        {
          error: parsed.error.issues[0]?.message.startsWith("account.")
            ? parsed.error.issues[0].message
            : "account.errors.reset_invalid",
          sent: false,
        },
        { status: 400 },
      );
    }
    const done = await resetPassword(context.db, parsed.data.login, parsed.data.key, parsed.data.password_1);
    if (!done) return data({ error: "account.errors.reset_invalid", sent: false }, { status: 400 });
    await context.session.pushNotice({ type: "success", message: "account.passwordChanged" });
    throw redirect("/my-account", { headers: context.session.headers() });
  }
  const parsed = requestSchema.safeParse(form);
  if (!parsed.success) return data({ error: "account.errors.email", sent: false }, { status: 400 });
  const reset = await createPasswordReset(context.db, parsed.data.user_login);
  if (reset) {
    const locale = isLocale(reset.locale) ? reset.locale : context.locale;
    const link = `${context.config.publicUrl}/my-account/lost-password?key=${reset.token}&login=${reset.userId}`;
    await passwordResetMail(parsed.data.user_login, link, context.settings.name, locale)
      .then((mail) => context.mailer.send(mail))
      .catch((error) => context.logger.error({ err: error }, "password reset mail failed"));
  }
  // The same answer whether or not an account exists: e-mail addresses are not disclosed.
  return { error: null, sent: true };
}

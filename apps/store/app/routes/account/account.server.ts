import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { z } from "zod";
import { accountHintForRole } from "../../lib/account-hint.ts";
import { mergeGuestCart } from "../../services/cart/cart.server.ts";
import { cartHeaders } from "../../services/cart/cart-session.server.ts";
import { deliverMail } from "../../services/mail/mail-outbox.server.ts";
import {
  AccountError,
  guestFormNonce,
  LOGIN_NONCE,
  LOGOUT_NONCE,
  REGISTER_NONCE,
  registerCustomer,
} from "../../services/people/accounts.server.ts";
import { createNonce, verifyNonce } from "../../services/shared/nonce.server.ts";
import { safeRedirectPath } from "../../services/shared/redirects.server.ts";

const credentials = z.object({
  username: z.string().trim().toLowerCase().email("account.errors.email").max(254),
  password: z.string().min(1, "account.errors.password_required").max(200),
});
const registration = z.object({
  email: z.string().trim().toLowerCase().email("account.errors.email").max(254),
  password: z.string().min(8, "account.errors.password_short").max(200),
});

export function guestNonce(context: AppLoadContext, action: string): string {
  return guestFormNonce(context.config.sessionSecret, action);
}

export async function accountNonces(context: AppLoadContext) {
  const session = await context.session.get();
  return {
    login: guestNonce(context, LOGIN_NONCE),
    register: guestNonce(context, REGISTER_NONCE),
    logout: session?.userId ? createNonce(session.nonceSecret, LOGOUT_NONCE) : "",
  };
}

export async function accountAction(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const fields = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === "string"),
  ) as Record<string, string>;
  const back = safeRedirectPath(fields.redirect, "/my-account");

  if (fields.intent === "logout") {
    const session = await context.session.get();
    if (!session || !verifyNonce(session.nonceSecret, LOGOUT_NONCE, fields._wpnonce ?? "")) {
      return data({ intent: "logout", errors: { form: "account.errors.nonce" } }, { status: 403 });
    }
    await context.session.logout();
    throw redirect("/my-account", { headers: context.session.headers() });
  }

  if (fields.intent === "register") {
    if (!verifyNonce(context.config.sessionSecret, REGISTER_NONCE, fields._wpnonce ?? "")) {
      return data({ intent: "register", errors: { form: "account.errors.nonce" } }, { status: 403 });
    }
    const parsed = registration.safeParse(fields);
    if (!parsed.success)
      return data({ intent: "register", errors: fieldErrors(parsed.error) }, { status: 400 });
    try {
      const user = await registerCustomer(context.db, { ...parsed.data, locale: context.locale });
      await signIn(context, user.id, "customer");
      // The "new account" mail, owed with the account, goes out after the answer; the outbox retries.
      context.afterAnswer(
        deliverMail(context, user.mailKey).then(
          () => undefined,
          (error) => context.logger.warn({ err: error, userId: user.id }, "new account mail left owed"),
        ),
      );
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return data({ intent: "register", errors: { email: "account.errors.email_taken" } }, { status: 409 });
    }
    throw redirect(back, { headers: await cartHeaders(context, request) });
  }

  if (!verifyNonce(context.config.sessionSecret, LOGIN_NONCE, fields._wpnonce ?? "")) {
    return data({ intent: "login", errors: { form: "account.errors.nonce" } }, { status: 403 });
  }
  const parsed = credentials.safeParse(fields);
  if (!parsed.success) return data({ intent: "login", errors: fieldErrors(parsed.error) }, { status: 400 });
  const signedIn = await context.loginLimits.authenticate(parsed.data.username, parsed.data.password);
  if (!signedIn.ok && signedIn.error === "too_many") {
    return data(
      { intent: "login", errors: { form: "account.errors.too_many" } },
      { status: 429, headers: { "Retry-After": String(signedIn.retryAfterSeconds) } },
    );
  }
  if (!signedIn.ok) {
    if (fields.from === "popup") {
      // Back where the shopper was; the popup opens by itself with the notice, never silently.
      await context.session.pushNotice({
        type: "error",
        message: "account.errors.invalid_credentials",
        scope: "login",
      });
      throw redirect(back, { headers: context.session.headers() });
    }
    return data({ intent: "login", errors: { form: "account.errors.invalid_credentials" } }, { status: 401 });
  }
  await signIn(context, signedIn.user.id, signedIn.user.role);
  throw redirect(back, { headers: await cartHeaders(context, request) });
}

/** The guest's cart joins the account's, then the session is renewed for the signed-in user. */
async function signIn(context: AppLoadContext, userId: number, role: string): Promise<void> {
  const guest = await context.session.get();
  if (guest && guest.userId === null) await mergeGuestCart(context.db, guest.id, userId);
  await context.session.login(userId, accountHintForRole(role));
}

function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

import { redirect } from "react-router";
import { z } from "zod";
import { locales } from "../../i18n/i18n.ts";
import { TRANSLATION_COOKIE, translationCookieValue, withoutLanguageParameter } from "../../i18n/language.ts";
import { serializeCookie } from "../../services/shared/cookies.server.ts";
import { safeRedirectPath } from "../../services/shared/redirects.server.ts";
import type { Route } from "./+types/route";

const schema = z.object({ lang: z.enum(locales), redirectTo: z.string().optional() });

/** The flag switcher: remembers the language in the translation cookie and goes back where it was. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Unknown language", { status: 400 });
  const secure = new URL(request.url).protocol === "https:";
  return redirect(safeRedirectPath(withoutLanguageParameter(parsed.data.redirectTo)), {
    headers: {
      "Set-Cookie": serializeCookie(TRANSLATION_COOKIE, translationCookieValue(parsed.data.lang), {
        maxAge: 365 * 86_400,
        secure,
        sameSite: "Lax",
      }),
    },
  });
}

export function loader() {
  return redirect("/");
}

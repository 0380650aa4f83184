import { redirect } from "react-router";
import { z } from "zod";
import {
  STORE_NOTICE_HIDDEN,
  STORE_NOTICE_ID,
  STORE_NOTICE_MAX_AGE,
  storeNoticeCookie,
} from "../../lib/store-notice.ts";
import { serializeCookie } from "../../services/shared/cookies.server.ts";
import { safeRedirectPath } from "../../services/shared/redirects.server.ts";
import type { Route } from "./+types/route";

const schema = z.object({ notice_id: z.string().regex(STORE_NOTICE_ID), redirect_to: z.string().optional() });

/** Dismissing the store notice without JavaScript: the cookie the browser would set, then back. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Unknown notice", { status: 400 });
  return redirect(safeRedirectPath(parsed.data.redirect_to), {
    headers: {
      "Set-Cookie": serializeCookie(storeNoticeCookie(parsed.data.notice_id), STORE_NOTICE_HIDDEN, {
        maxAge: STORE_NOTICE_MAX_AGE,
        secure: new URL(request.url).protocol === "https:",
        sameSite: "Lax",
      }),
    },
  });
}

export function loader() {
  return redirect("/");
}

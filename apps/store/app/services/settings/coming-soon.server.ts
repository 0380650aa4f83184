import type { Database } from "@vitrine/db";
import type { NextFunction, Request, Response } from "express";
import { createI18n, type Locale } from "../../i18n/i18n.ts";
import { LANGUAGE_PARAMETER, requestLocale, TRANSLATION_COOKIE } from "../../i18n/language.ts";
import { COMING_SOON_BANNER_DISMISSED, USERS_ME_PATH } from "../../lib/coming-soon.ts";
import { escapeHtml } from "../../lib/escape-html.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { canEditPages } from "../content/page-editor.server.ts";
import { userRoleAndMeta } from "../people/users.server.ts";
import { parseCookies } from "../shared/cookies.server.ts";
import { RequestSession } from "../shared/session.server.ts";

/**
 * Coming-soon mode (spec §4, decision 0024). Visitors get the coming-soon page in place of any
 * storefront page; editors and administrators see the store, with a banner until they dismiss it.
 * Signing in, the language switch and the store notice stay reachable, so staff can get in; the
 * robots file and the sitemaps stay what they are for crawlers (the coming-soon page itself is
 * `noindex`, which keeps the store's pages out of search results until it opens).
 */
const alwaysOpen =
  /^\/(my-account(\/|$)|language$|store-notice$|robots\.txt$|sitemap\.xml$|sitemap\/[^/]+\.xml$)/;

/** Staff, proved by the session (never by the account hint cookie, which anyone can write). */
async function isStaff(req: Request, db: Database, sessionSecret: string): Promise<boolean> {
  const session = new RequestSession(db, sessionSecret, req.headers.cookie ?? null, false);
  if (!session.hasCookie) return false;
  const userId = (await session.get())?.userId;
  if (!userId) return false;
  return canEditPages((await userRoleAndMeta(db, userId))?.role);
}

/**
 * Mounted before the page cache and the pages: answers visitors with the coming-soon page, at the
 * address they asked for. A page of its own, not a route: it needs no script, shows nothing of the
 * catalogue (no menus, no search) and cannot be confused with the store's pages by the router.
 */
export function comingSoonGate(options: {
  settings: { current: StoreSettings };
  db: Database;
  sessionSecret: string;
}) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const settings = options.settings.current;
    if (!settings.coming_soon || alwaysOpen.test(req.path)) return next();
    try {
      if (await isStaff(req, options.db, options.sessionSecret)) return next();
    } catch (error) {
      return next(error);
    }
    const locale = requestLocale(
      req.query[LANGUAGE_PARAMETER],
      parseCookies(req.headers.cookie)[TRANSLATION_COOKIE],
    );
    res
      .status(200)
      .set({
        "Content-Type": "text/html; charset=utf-8",
        "X-Robots-Tag": "noindex",
        "Cache-Control": "no-store",
      })
      .send(comingSoonPage(settings.name, locale));
  };
}

const pageStyle =
  "body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1917;background:#fff;text-align:center}" +
  "main{max-width:36rem;padding:2rem}h1{font-size:2.5rem;margin:.5rem 0 1.5rem}.store{text-transform:uppercase;letter-spacing:.1em;color:#57534e;font-size:.875rem}p{font-size:1.125rem;color:#44403c}";

export function comingSoonPage(storeName: string, locale: Locale): string {
  const t = createI18n(locale).t;
  const title = escapeHtml(t("comingSoon.title"));
  const name = escapeHtml(storeName);
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · ${name}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${pageStyle}</style></head><body><main class="coming-soon"><p class="store">${name}</p><h1>${title}</h1><p>${escapeHtml(t("comingSoon.text"))}</p></main></body></html>`;
}

export type ComingSoonBanner = { restUrl: string };

/** The staff banner: shown to editors and administrators in coming-soon mode until they dismiss it. */
export function comingSoonBannerFor(
  settings: StoreSettings,
  user: { role: string; woocommerceMeta: Record<string, string> } | null,
): ComingSoonBanner | null {
  if (!settings.coming_soon) return null;
  if (!user || !canEditPages(user.role) || user.woocommerceMeta[COMING_SOON_BANNER_DISMISSED] === "yes")
    return null;
  return { restUrl: USERS_ME_PATH };
}

import type { Config } from "../../config.server.ts";
import type { AppContext } from "../../context.server.ts";
import type { StaffView } from "../../lib/edit-links.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { canEditPages } from "../content/page-editor.server.ts";
import { stripeAccess } from "../payments/stripe-client.server.ts";
import { userRole } from "./users.server.ts";

/**
 * What a page rendered for a signed-in editor or administrator adds (spec §6): the admin bar and
 * the content blocks' edit links, and for administrators, who run the payments (WooCommerce shows its
 * test-mode notice to those who manage the shop), whether Stripe runs on a test key. Null for
 * everyone else, whose pages never carry them; a shared page is nobody's, so it has none either.
 */
export function staffViewFor(
  settings: StoreSettings,
  user: { role: string } | null,
  config: Pick<Config, "stripe">,
): StaffView | null {
  if (!user || !canEditPages(user.role)) return null;
  return {
    canEditPages: true,
    comingSoon: settings.coming_soon,
    // Every member of staff (the "staff on every page"): an editor too sees that no real money is taken.
    paymentsTestMode: stripeAccess(config, settings.payments)?.testMode ?? false,
  };
}

/**
 * Whether this request may see draft pages: a signed-in editor or administrator, proved by the
 * session. A shared page is never anyone's (the page cache keeps it for every guest), so it shows
 * no drafts; staff's pages are rendered for them alone (the page cache passes them by).
 */
export async function canPreviewDrafts(context: Pick<AppContext, "db" | "session" | "sharedPage">) {
  if (context.sharedPage || !context.session.hasCookie) return false;
  const userId = (await context.session.get())?.userId;
  return userId ? canEditPages(await userRole(context.db, userId)) : false;
}

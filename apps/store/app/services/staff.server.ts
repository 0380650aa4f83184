import type { StaffView } from "../lib/edit-links.ts";
import { canEditPages } from "./page-editor.server.ts";
import type { StoreSettings } from "./settings.server.ts";

/**
 * What a page rendered for a signed-in editor or administrator adds (spec §6): the admin bar and
 * the content blocks' edit links. Null for everyone else, whose pages never carry them.
 */
export function staffViewFor(settings: StoreSettings, user: { role: string } | null): StaffView | null {
  if (!user || !canEditPages(user.role)) return null;
  return { canEditPages: true, comingSoon: settings.coming_soon };
}

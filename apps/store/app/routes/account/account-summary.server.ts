import type { AppLoadContext } from "react-router";
import { canEditPages, editablePageSlugs } from "../../services/content/page-editor.server.ts";
import { userSummary } from "../../services/people/users.server.ts";

/** The signed-in shopper's account, or null for a guest. */
export async function accountSummary(context: AppLoadContext) {
  const session = await context.session.get();
  if (!session?.userId) return null;
  const user = await userSummary(context.db, session.userId);
  if (!user) return null;
  // Editors and administrators see the pages they can edit.
  return { ...user, editablePages: canEditPages(user.role) ? await editablePageSlugs(context.db) : [] };
}

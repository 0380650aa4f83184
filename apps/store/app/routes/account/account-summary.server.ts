import { users } from "@vitrine/db";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { canEditPages, editablePageSlugs } from "../../services/page-editor.server.ts";

/** The signed-in shopper's account, or null for a guest. */
export async function accountSummary(context: AppLoadContext) {
  const session = await context.session.get();
  if (!session?.userId) return null;
  const [user] = await context.db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, session.userId));
  if (!user) return null;
  // Editors and administrators see the pages they can edit.
  return { ...user, editablePages: canEditPages(user.role) ? await editablePageSlugs(context.db) : [] };
}

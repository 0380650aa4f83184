import { type AppLoadContext, data, redirect } from "react-router";
import { canEditPages, loadEditablePage, savePageTexts } from "../../services/content/page-editor.server.ts";
import { userRole } from "../../services/people/users.server.ts";
import { createNonce, verifyNonce } from "../../services/shared/nonce.server.ts";

const nonceAction = (slug: string) => `edit-page-${slug}`;

/** The signed-in editor's session; a guest goes to log in, anyone else finds no such page. */
async function requireEditor(context: AppLoadContext) {
  const session = await context.session.get();
  if (!session?.userId) throw redirect("/my-account");
  // Not "forbidden": a customer is not told which editing pages exist.
  if (!canEditPages(await userRole(context.db, session.userId))) throw data(null, { status: 404 });
  return session;
}

export async function loadPageEditor(context: AppLoadContext, slug: string) {
  const session = await requireEditor(context);
  const page = await loadEditablePage(context.db, slug);
  if (!page) throw data(null, { status: 404 });
  return { page, nonce: createNonce(session.nonceSecret, nonceAction(slug)) };
}

export async function savePageEditor(context: AppLoadContext, request: Request, slug: string) {
  const session = await requireEditor(context);
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
  if (!verifyNonce(session.nonceSecret, nonceAction(slug), form._wpnonce ?? "")) {
    return data({ errors: { form: "account.errors.nonce" }, values: form }, { status: 403 });
  }
  const saved = await savePageTexts(context.db, slug, form);
  if (!saved) throw data(null, { status: 404 });
  if (!saved.ok) return data({ errors: saved.errors, values: form }, { status: 400 });
  context.invalidatePages();
  await context.session.pushNotice({ type: "success", message: "pages.saved" });
  throw redirect(`/my-account/pages/${encodeURIComponent(slug)}`, { headers: context.session.headers() });
}

import { type AppLoadContext, redirect } from "react-router";
import { downloadsOfUser } from "../../services/downloads/download-permissions.server.ts";

/** The signed-in shopper's downloads still available; a guest is sent to sign in. */
export async function loadAccountDownloads(context: AppLoadContext) {
  const session = await context.session.get();
  if (!session?.userId) throw redirect("/my-account");
  return { downloads: await downloadsOfUser(context.db, context.config.sessionSecret, session.userId) };
}

import { type AppLoadContext, data, redirect } from "react-router";
import { canEditPages } from "../content/page-editor.server.ts";
import { userRole } from "./users.server.ts";

/**
 * The back office is for editors and administrators (issue 16): a visitor goes to sign in and comes
 * back; anyone else signed in gets a 403 page.
 */
export async function requireStaff(context: AppLoadContext, request: Request) {
  const session = await context.session.get();
  if (!session?.userId) {
    const url = new URL(request.url);
    throw redirect(`/my-account?${new URLSearchParams({ redirect: url.pathname + url.search })}`);
  }
  const role = await userRole(context.db, session.userId);
  if (!canEditPages(role)) throw data(null, { status: 403 });
  return { role: role!, userId: session.userId, nonceSecret: session.nonceSecret };
}

/** Products, categories and orders are for administrators only; editors get the 403 page (issue 16). */
export async function requireAdmin(context: AppLoadContext, request: Request) {
  const staff = await requireStaff(context, request);
  if (staff.role !== "administrator") throw data(null, { status: 403 });
  return staff;
}

/**
 * A back-office loader's start: the staff check (`administrator` only, or any `staff`: editors too)
 * and the address's query.
 */
export async function staffRequest(
  context: AppLoadContext,
  request: Request,
  who: "administrator" | "staff",
) {
  const staff = await (who === "administrator" ? requireAdmin : requireStaff)(context, request);
  return { ...staff, query: new URL(request.url).searchParams };
}

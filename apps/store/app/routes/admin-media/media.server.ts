import type { AppLoadContext } from "react-router";
import { requireStaff } from "../admin/admin.server.ts";

/** The newest pictures of the media library (the page's REST client carries the rest). */
export async function loadMediaLibrary(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const { total, items } = await context.mediaLibrary.list({ limit: 100, offset: 0 });
  return { total, items };
}

import type { AppLoadContext } from "react-router";
import { listTags } from "../../../services/catalogue/tags.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

/** The tags page (decision 0076): every tag as `GET /products/tags` answers it. */
export async function loadTagsPage(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  return { tags: await listTags(context.db) };
}

import type { AppLoadContext } from "react-router";
import {
  categoryRecord,
  listCategoriesForAdmin,
} from "../../../services/catalogue/categories-admin.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

/** The category tree as `GET /products/categories` answers it; the page's REST client does the rest. */
export async function loadCategoryTree(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  const categories = await listCategoriesForAdmin(context.db);
  return { categories: categories.map(categoryRecord) };
}

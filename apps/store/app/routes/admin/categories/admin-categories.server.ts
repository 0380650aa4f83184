import type { AppLoadContext } from "react-router";
import {
  categoryRecord,
  listCategoriesForAdmin,
} from "../../../services/catalogue/categories-admin.server.ts";
import { pictureChoices } from "../../../services/media/picture-choices.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

/**
 * The category tree as `GET /products/categories` answers it, and the pictures its categories show
 * (their names and thumbnails); the page's REST client does the rest.
 */
export async function loadCategoryTree(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  const categories = await listCategoriesForAdmin(context.db);
  const shown = await context.mediaLibrary.byIds(
    categories.flatMap((category) => (category.imageId === null ? [] : [category.imageId])),
  );
  return {
    categories: categories.map(categoryRecord),
    pictures: pictureChoices(shown, context.locale),
  };
}

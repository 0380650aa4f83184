import { type AppLoadContext, data } from "react-router";
import {
  categoryOptions,
  listCategoriesForAdmin,
} from "../../../services/catalogue/categories-admin.server.ts";
import { newestProductChoices } from "../../../services/catalogue/product-choices.server.ts";
import { builderChoices, pageForBuilder, pageRecord } from "../../../services/content/pages-admin.server.ts";
import { pictureChoices } from "../../../services/media/picture-choices.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/**
 * The page builder's data: the page as the REST API answers it, what its blocks can choose from
 * (categories, the newest products, the media library's pictures, the store's menus) and the block the
 * storefront's edit link named (`?block=`).
 */
export async function loadPageBuilder(context: AppLoadContext, request: Request, slug: string) {
  const { query } = await staffRequest(context, request, "staff");
  const page = await pageForBuilder(context.db, { slug });
  if (!page) throw data(null, { status: 404 });
  const [categories, products, library, { menus }] = await Promise.all([
    listCategoriesForAdmin(context.db),
    newestProductChoices(context.db),
    context.mediaLibrary.list({ limit: 200, offset: 0 }),
    builderChoices(context.db),
  ]);
  const block = Number(query.get("block"));
  return {
    page: pageRecord(page),
    choices: {
      categories: categoryOptions(categories, context.locale),
      products,
      media: pictureChoices(library.items, context.locale),
      menus,
    },
    focusBlock: page.blocks.some((each) => each.id === block) ? block : null,
    saved: query.has("saved"),
    loadedAt: Date.now(),
  };
}

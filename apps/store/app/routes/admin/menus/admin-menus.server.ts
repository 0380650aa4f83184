import type { AppLoadContext } from "react-router";
import { isMenuLocation, type MenuRecord } from "../../../lib/menu-editor.ts";
import {
  categoryOptions,
  listCategoriesForAdmin,
} from "../../../services/catalogue/categories-admin.server.ts";
import { newestProductChoices } from "../../../services/catalogue/product-choices.server.ts";
import {
  listMenusForAdmin,
  menuForEditor,
  productChoicesByIds,
} from "../../../services/content/menus-admin.server.ts";
import { listPagesForAdmin } from "../../../services/content/pages-admin.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/**
 * The menus editor's data (decision 0036): the menu chosen by `?menu=` (the header's by default) as
 * the REST API answers it, the store's menus, and what an item can point at (pages, categories,
 * products: the newest, and those the menu already points at).
 */
export async function loadMenuEditor(context: AppLoadContext, request: Request) {
  const { query } = await staffRequest(context, request, "administrator");
  const location = [query.get("menu")].find(isMenuLocation) ?? "primary";
  const [menus, menu, pages, categories, newest] = await Promise.all([
    listMenusForAdmin(context.db),
    menuForEditor(context.db, location),
    listPagesForAdmin(context.db),
    listCategoriesForAdmin(context.db),
    newestProductChoices(context.db),
  ]);
  const offered = new Set(newest.map((product) => product.id));
  const missing = productIdsOf(menu).filter((id) => !offered.has(id));
  const locale = context.locale === "es" ? "es" : "en";
  return {
    location,
    menus,
    menu,
    choices: {
      pages: pages.map((page) => ({
        id: page.id,
        name: page.title[locale] || page.title.en || page.slug,
        draft: page.status === "draft",
      })),
      categories: categoryOptions(categories, context.locale),
      products: [...newest, ...(await productChoicesByIds(context.db, missing))],
    },
    saved: query.has("saved"),
    loadedAt: Date.now(),
  };
}

function productIdsOf(menu: MenuRecord): number[] {
  return menu.items
    .flatMap((item) => [item, ...item.children])
    .flatMap((item) => (item.target.kind === "product" ? [item.target.id] : []));
}

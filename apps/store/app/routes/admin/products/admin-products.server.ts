import type { AppLoadContext } from "react-router";
import { listPage } from "../../../lib/paging.ts";
import {
  categoryOptions,
  listCategoriesForAdmin,
} from "../../../services/catalogue/categories-admin.server.ts";
import {
  listProductsForAdmin,
  productListParams,
  productListQuery,
} from "../../../services/catalogue/products-admin.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

const PER_PAGE = 20;

/** A page of the product list with the address's filters (an unreadable filter is dropped), and the categories to filter by. */
export async function loadProductList(context: AppLoadContext, request: Request) {
  const { query } = await staffRequest(context, request, "administrator");
  const parsed = productListParams.safeParse(Object.fromEntries(query));
  const params = parsed.success ? parsed.data : {};
  const { page, rows, pages } = listPage(query, PER_PAGE, { max: 100_000 });
  const [list, categories] = await Promise.all([
    listProductsForAdmin(context.db, productListQuery(params, rows)),
    listCategoriesForAdmin(context.db),
  ]);
  return {
    products: list.products,
    total: list.total,
    page,
    pages: pages(list.total),
    params,
    categories: categoryOptions(categories, context.locale),
  };
}

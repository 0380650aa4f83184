import type { AppLoadContext } from "react-router";
import { pageCount, pageNumber } from "../../../lib/paging.ts";
import {
  categoryOptions,
  listCategoriesForAdmin,
} from "../../../services/catalogue/categories-admin.server.ts";
import {
  listProductsForAdmin,
  productListParams,
  productListQuery,
} from "../../../services/catalogue/products-admin.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

const PER_PAGE = 20;

/** A page of the product list with the address's filters (an unreadable filter is dropped), and the categories to filter by. */
export async function loadProductList(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const given = Object.fromEntries(url.searchParams);
  const parsed = productListParams.safeParse(given);
  const params = parsed.success ? parsed.data : {};
  const page = pageNumber(url.searchParams.get("page"), 100_000);
  const [list, categories] = await Promise.all([
    listProductsForAdmin(
      context.db,
      productListQuery(params, { limit: PER_PAGE, offset: (page - 1) * PER_PAGE }),
    ),
    listCategoriesForAdmin(context.db),
  ]);
  return {
    products: list.products,
    total: list.total,
    page,
    pages: pageCount(list.total, PER_PAGE),
    params,
    categories: categoryOptions(categories, context.locale),
  };
}

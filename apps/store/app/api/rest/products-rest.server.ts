import type { AppContext } from "../../context.server.ts";
import { categoryArrangement, categoryInput } from "../../lib/category-resource.ts";
import { productInput } from "../../lib/product-resource.ts";
import {
  arrangeCategories,
  categoryRecord,
  createCategory,
  deleteCategory,
  listCategoriesForAdmin,
  updateCategory,
} from "../../services/catalogue/categories-admin.server.ts";
import { groupedParentsOf } from "../../services/catalogue/product-links.server.ts";
import {
  createProduct,
  listProductsForAdmin,
  productForAdmin,
  productListParams,
  productListQuery,
  updateProduct,
} from "../../services/catalogue/products-admin.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";
import { productTagRoutes } from "./product-tags-rest.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Products and categories for administrators: `GET|POST /products`, `GET|PUT /products/{id}`,
 * `GET|POST /products/categories`, `PUT|DELETE /products/categories/{id}` and
 * `PUT /products/categories/order`. The back office saves through these, so its forms and any
 * script are checked by the same schemas.
 */

const notFound = () => new rest.RestError(404, "rest_product_invalid_id", "Invalid ID.");
const categoryNotFound = () => new rest.RestError(404, "rest_term_invalid", "Term does not exist.");

/**
 * The product's page, its cards in listings and home blocks: everything a save can change; and the
 * grouped products holding it, whose pages list it and whose cards show its price in their range.
 */
async function productChanged(context: AppContext, productId: number) {
  const parents = await groupedParentsOf(context.db, [productId]);
  context.invalidatePages([
    ...[productId, ...parents].map(PageTags.product),
    PageTags.listing,
    PageTags.home,
  ]);
}

const listProducts: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const params = rest.parsed(productListParams, req.query, "query");
  const page = await listProductsForAdmin(context.db, productListQuery(params, list));
  rest.sendPage(context, req, res, list, page.total, page.products.map(rest.snakeCaseKeys));
};

async function sendProduct(context: AppContext, res: Parameters<rest.Handler>[3], productId: number) {
  const product = await productForAdmin(context.db, productId);
  if (!product) throw notFound();
  res.json(product);
}

const getProduct: rest.Handler = async (context, _caller, req, res) => {
  await sendProduct(context, res, rest.parseId(req));
};

const postProduct: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(productInput, req.body, "body");
  const productId = await rest.refusing(() => createProduct(context.db, body));
  await productChanged(context, productId);
  res.status(201);
  await sendProduct(context, res, productId);
};

const putProduct: rest.Handler = async (context, _caller, req, res) => {
  const productId = rest.parseId(req);
  const body = rest.parsed(productInput, req.body, "body");
  const updated = await rest.refusing(() => updateProduct(context.db, productId, body));
  if (updated === null) throw notFound();
  await productChanged(context, productId);
  await sendProduct(context, res, productId);
};

async function sendCategories(context: AppContext, res: Parameters<rest.Handler>[3]) {
  res.json((await listCategoriesForAdmin(context.db)).map(categoryRecord));
}

const listCategories: rest.Handler = async (context, _caller, _req, res) => {
  await sendCategories(context, res);
};

/** Category names show in menus, breadcrumbs, listings and filters: every shared page may change. */
const categoriesChanged = (context: AppContext) => context.invalidatePages();

const postCategory: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(categoryInput, req.body, "body");
  const categoryId = await rest.refusing(() => createCategory(context.db, body));
  categoriesChanged(context);
  res.status(201).json({ id: categoryId });
};

const putCategory: rest.Handler = async (context, _caller, req, res) => {
  const categoryId = rest.parseId(req);
  const body = rest.parsed(categoryInput, req.body, "body");
  if (!(await rest.refusing(() => updateCategory(context.db, categoryId, body)))) throw categoryNotFound();
  categoriesChanged(context);
  res.json({ id: categoryId });
};

const deleteOneCategory: rest.Handler = async (context, _caller, req, res) => {
  const categoryId = rest.parseId(req);
  if (!(await deleteCategory(context.db, categoryId))) throw categoryNotFound();
  categoriesChanged(context);
  res.json({ id: categoryId, deleted: true });
};

const putOrder: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(categoryArrangement, req.body, "body");
  await rest.refusing(() => arrangeCategories(context.db, body));
  categoriesChanged(context);
  await sendCategories(context, res);
};

export const productRoutes: rest.RestRoute[] = [
  ...productTagRoutes,
  { method: "get", path: "/products/categories", needs: "admin", handler: listCategories },
  { method: "post", path: "/products/categories", needs: "admin", handler: postCategory },
  { method: "put", path: "/products/categories/order", needs: "admin", handler: putOrder },
  { method: "put", path: "/products/categories/:id", needs: "admin", handler: putCategory },
  { method: "delete", path: "/products/categories/:id", needs: "admin", handler: deleteOneCategory },
  { method: "get", path: "/products", needs: "admin", handler: listProducts },
  { method: "post", path: "/products", needs: "admin", handler: postProduct },
  { method: "get", path: "/products/:id", needs: "admin", handler: getProduct },
  { method: "put", path: "/products/:id", needs: "admin", handler: putProduct },
];

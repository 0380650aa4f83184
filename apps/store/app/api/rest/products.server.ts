import { z } from "zod";
import { PageTags } from "../../services/page-tags.server.ts";
import {
  listProductsForAdmin,
  productForAdmin,
  updateProductForAdmin,
} from "../../services/products-admin.server.ts";
import * as rest from "./rest-route.server.ts";

/** `GET /products`, `GET /products/{id}` and `PUT /products/{id}`, for administrators. */

const notFound = () => new rest.RestError(404, "rest_product_invalid_id", "Invalid ID.");

const listProducts: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const page = await listProductsForAdmin(context.db, list);
  rest.sendPage(context, req, res, list, page.total, page.products.map(rest.snakeCaseKeys));
};

const getProduct: rest.Handler = async (context, _caller, req, res) => {
  const product = await productForAdmin(context.db, rest.parseId(req));
  if (!product) throw notFound();
  res.json(rest.snakeCaseKeys(product));
};

const productUpdate = z
  .object({
    stock_quantity: z.number().int().min(0).max(10_000_000).nullable().optional(),
    regular_price: z.number().int().min(0).max(1_000_000_000).optional(),
    sale_price: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
    status: z.enum(["publish", "draft"]).optional(),
  })
  .strict();

const updateProduct: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  const body = productUpdate.safeParse(req.body);
  if (!body.success) throw rest.invalidParam(body.error, "body");
  const product = await updateProductForAdmin(context.db, id, {
    stockQuantity: body.data.stock_quantity,
    regularPrice: body.data.regular_price,
    salePrice: body.data.sale_price,
    status: body.data.status,
  });
  if (!product) throw notFound();
  // Stock shows on the product's page and cards; a price or status also moves it in and out of
  // listings and home blocks.
  const stockOnly = Object.keys(body.data).every((field) => field === "stock_quantity");
  context.invalidatePages(
    stockOnly ? [PageTags.product(id)] : [PageTags.product(id), PageTags.listing, PageTags.home],
  );
  res.json(rest.snakeCaseKeys(product));
};

export const productRoutes: rest.RestRoute[] = [
  { method: "get", path: "/products", needs: "admin", handler: listProducts },
  { method: "get", path: "/products/:id", needs: "admin", handler: getProduct },
  { method: "put", path: "/products/:id", needs: "admin", handler: updateProduct },
];

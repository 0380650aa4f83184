import type { AppContext } from "../../context.server.ts";
import { tagInput } from "../../lib/product-resource.ts";
import {
  createTag,
  deleteTag,
  listTags,
  tagById,
  taggedProducts,
  updateTag,
} from "../../services/catalogue/tags.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Product tags for administrators, as WooCommerce's wc/v3 `products/tags`: `GET|POST /products/tags`,
 * `GET|PUT|DELETE /products/tags/{id}` (a delete needs `force=true`, tags having no trash).
 */

const notFound = () => new rest.RestError(404, "woocommerce_rest_term_invalid", "Resource does not exist.");

/** A tag's name shows on its products' pages and its listing: those pages, and every listing. */
function tagChanged(context: AppContext, productIds: number[]) {
  context.invalidatePages([...productIds.map(PageTags.product), PageTags.listing]);
}

const listTagsRoute: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const search = typeof req.query.search === "string" ? req.query.search.slice(0, 200) : undefined;
  const all = await listTags(context.db, search);
  rest.sendPage(context, req, res, list, all.length, all.slice(list.offset, list.offset + list.limit));
};

async function sendTag(context: AppContext, res: Parameters<rest.Handler>[3], id: number) {
  const tag = await tagById(context.db, id);
  if (!tag) throw notFound();
  res.json(tag);
}

const getTag: rest.Handler = async (context, _caller, req, res) => {
  await sendTag(context, res, rest.parseId(req));
};

const postTag: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(tagInput, req.body, "body");
  const id = await rest.refusing(() => createTag(context.db, body));
  res.status(201);
  await sendTag(context, res, id);
};

const putTag: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  const body = rest.parsed(tagInput, req.body, "body");
  if ((await rest.refusing(() => updateTag(context.db, id, body))) === null) throw notFound();
  tagChanged(context, await taggedProducts(context.db, [id]));
  await sendTag(context, res, id);
};

const deleteTagRoute: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  if (req.query.force !== "true" && req.query.force !== "1")
    throw new rest.RestError(
      501,
      "woocommerce_rest_trash_not_supported",
      "Resource does not support trashing.",
    );
  const before = await tagById(context.db, id);
  const tagged = await deleteTag(context.db, id);
  if (!before || tagged === null) throw notFound();
  tagChanged(context, tagged);
  res.json(before);
};

export const productTagRoutes: rest.RestRoute[] = [
  { method: "get", path: "/products/tags", needs: "admin", handler: listTagsRoute },
  { method: "post", path: "/products/tags", needs: "admin", handler: postTag },
  { method: "get", path: "/products/tags/:id", needs: "admin", handler: getTag },
  { method: "put", path: "/products/tags/:id", needs: "admin", handler: putTag },
  { method: "delete", path: "/products/tags/:id", needs: "admin", handler: deleteTagRoute },
];

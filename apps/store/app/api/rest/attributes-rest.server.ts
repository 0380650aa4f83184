import type { AppContext } from "../../context.server.ts";
import {
  attributeDeleteQuery,
  attributeInput,
  termArrangement,
  termInput,
} from "../../lib/attribute-resource.ts";
import {
  AttributeInUseError,
  arrangeTerms,
  attributeForAdmin,
  createAttribute,
  createTerm,
  deleteAttribute,
  deleteTerm,
  listAttributesForAdmin,
  listTermsForAdmin,
  updateAttribute,
  updateTerm,
} from "../../services/catalogue/attributes-admin.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Global attributes and their terms for editors and administrators (issue 39), in the shape of
 * WooCommerce's `wc/v3`: `GET|POST /products/attributes`, `GET|PUT|DELETE /products/attributes/{id}`,
 * `GET|POST /products/attributes/{id}/terms`, `PUT /products/attributes/{id}/terms/order`,
 * `GET|PUT|DELETE /products/attributes/{id}/terms/{term}`. A deletion that would take a term from
 * products answers 409 naming them, unless `force=true`.
 */

const noAttribute = () =>
  new rest.RestError(404, "woocommerce_rest_invalid_attribute_id", "Invalid attribute ID.");
const noTerm = () => new rest.RestError(404, "woocommerce_rest_term_invalid", "Resource does not exist.");

/** Attribute and term names show in the shop's filters and on product pages: every shared page may change. */
const attributesChanged = (context: AppContext) => context.invalidatePages();

const termId = (req: Parameters<rest.Handler>[2]) => rest.parseId(req, "term");

/** A deletion products stand in the way of, as a 409 that lists them. */
async function deleting(remove: () => Promise<boolean>): Promise<boolean> {
  try {
    return await remove();
  } catch (error) {
    if (error instanceof AttributeInUseError)
      throw new rest.RestError(409, error.code, error.message, {}, { products: error.products });
    throw error;
  }
}

async function sendAttribute(context: AppContext, res: Parameters<rest.Handler>[3], id: number) {
  const attribute = await attributeForAdmin(context.db, id);
  if (!attribute) throw noAttribute();
  res.json(attribute);
}

async function sendTerm(
  context: AppContext,
  res: Parameters<rest.Handler>[3],
  attributeId: number,
  id: number,
) {
  const [term] = (await listTermsForAdmin(context.db, attributeId, id)) ?? [];
  if (!term) throw noTerm();
  res.json(term);
}

const list: rest.Handler = async (context, _caller, _req, res) => {
  res.json(await listAttributesForAdmin(context.db));
};

const read: rest.Handler = async (context, _caller, req, res) => {
  await sendAttribute(context, res, rest.parseId(req));
};

const create: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(attributeInput, req.body, "body");
  const id = await rest.refusing(() => createAttribute(context.db, body));
  attributesChanged(context);
  res.status(201);
  await sendAttribute(context, res, id);
};

const update: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  const body = rest.parsed(attributeInput, req.body, "body");
  if (!(await rest.refusing(() => updateAttribute(context.db, id, body)))) throw noAttribute();
  attributesChanged(context);
  await sendAttribute(context, res, id);
};

const remove: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  const { force } = rest.parsed(attributeDeleteQuery, { force: req.query.force }, "force");
  const previous = await attributeForAdmin(context.db, id);
  if (!previous || !(await deleting(() => deleteAttribute(context.db, id, force === "true"))))
    throw noAttribute();
  attributesChanged(context);
  res.json(previous);
};

const listTerms: rest.Handler = async (context, _caller, req, res) => {
  const terms = await listTermsForAdmin(context.db, rest.parseId(req));
  if (!terms) throw noAttribute();
  res.json(terms);
};

const readTerm: rest.Handler = async (context, _caller, req, res) => {
  await sendTerm(context, res, rest.parseId(req), termId(req));
};

const createOneTerm: rest.Handler = async (context, _caller, req, res) => {
  const attributeId = rest.parseId(req);
  const body = rest.parsed(termInput, req.body, "body");
  const id = await rest.refusing(() => createTerm(context.db, attributeId, body));
  if (id === null) throw noAttribute();
  attributesChanged(context);
  res.status(201);
  await sendTerm(context, res, attributeId, id);
};

const updateOneTerm: rest.Handler = async (context, _caller, req, res) => {
  const attributeId = rest.parseId(req);
  const id = termId(req);
  const body = rest.parsed(termInput, req.body, "body");
  if (!(await rest.refusing(() => updateTerm(context.db, attributeId, id, body)))) throw noTerm();
  attributesChanged(context);
  await sendTerm(context, res, attributeId, id);
};

const orderTerms: rest.Handler = async (context, _caller, req, res) => {
  const attributeId = rest.parseId(req);
  const order = rest.parsed(termArrangement, req.body, "order");
  if (!(await rest.refusing(() => arrangeTerms(context.db, attributeId, order)))) throw noAttribute();
  attributesChanged(context);
  res.json(await listTermsForAdmin(context.db, attributeId));
};

const removeTerm: rest.Handler = async (context, _caller, req, res) => {
  const attributeId = rest.parseId(req);
  const id = termId(req);
  const { force } = rest.parsed(attributeDeleteQuery, { force: req.query.force }, "force");
  const [previous] = (await listTermsForAdmin(context.db, attributeId, id)) ?? [];
  if (!previous || !(await deleting(() => deleteTerm(context.db, attributeId, id, force === "true"))))
    throw noTerm();
  attributesChanged(context);
  res.json(previous);
};

export const attributeRoutes: rest.RestRoute[] = [
  { method: "get", path: "/products/attributes", needs: "staff", handler: list },
  { method: "post", path: "/products/attributes", needs: "staff", handler: create },
  { method: "get", path: "/products/attributes/:id", needs: "staff", handler: read },
  { method: "put", path: "/products/attributes/:id", needs: "staff", handler: update },
  { method: "delete", path: "/products/attributes/:id", needs: "staff", handler: remove },
  { method: "get", path: "/products/attributes/:id/terms", needs: "staff", handler: listTerms },
  { method: "post", path: "/products/attributes/:id/terms", needs: "staff", handler: createOneTerm },
  { method: "put", path: "/products/attributes/:id/terms/order", needs: "staff", handler: orderTerms },
  { method: "get", path: "/products/attributes/:id/terms/:term", needs: "staff", handler: readTerm },
  { method: "put", path: "/products/attributes/:id/terms/:term", needs: "staff", handler: updateOneTerm },
  { method: "delete", path: "/products/attributes/:id/terms/:term", needs: "staff", handler: removeTerm },
];

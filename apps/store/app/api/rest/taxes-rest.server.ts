import { z } from "zod";
import { isPlainObject } from "../../lib/settings-resource.ts";
import {
  apiClassSlug,
  STANDARD_CLASS_SLUG,
  storedClassSlug,
  type TaxClassRecord,
  taxBatchInput,
  taxClassInput,
  taxClassSlug,
  taxListQuery,
  taxRateInput,
  taxRateRecord,
} from "../../lib/tax-resource.ts";
import { exportTaxRates, importTaxRates, TaxCsvError } from "../../services/taxes/tax-csv.server.ts";
import {
  createTaxClass,
  createTaxRate,
  deleteTaxClass,
  deleteTaxRate,
  listTaxRates,
  loadTaxClasses,
  taxesChanged,
  taxRate,
  updateTaxRate,
} from "../../services/taxes/tax-rates.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Tax rates and classes for administrators, in the shape of WooCommerce's `wc/v3` (decision 0067):
 * `GET|POST /taxes`, `GET|PUT|DELETE /taxes/{id}` (a deletion needs `force=true`, as WooCommerce's),
 * `POST /taxes/batch`, `GET|POST /taxes/classes`, `DELETE /taxes/classes/{slug}?force=true`; and
 * WooCommerce's tax-rate CSV: `GET /taxes/export?class=` (a file) and `POST /taxes/import` `{csv}`.
 * Every change drops every cached page (the shop shows prices with or without tax) and every
 * process's copy of the rates.
 */

const invalidId = () => new rest.RestError(404, "woocommerce_rest_invalid_id", "Invalid resource ID.");
const trashNotSupported = () =>
  new rest.RestError(501, "woocommerce_rest_trash_not_supported", "Taxes do not support trashing.");
const forced = z.object({ force: z.enum(["true", "1"]).optional() });

function requireForce(query: unknown) {
  if (!rest.parsed(forced, query, "force").force) throw trashNotSupported();
}

const list: rest.Handler = async (context, _caller, req, res) => {
  const page = rest.parseList(req);
  const query = rest.parsed(taxListQuery, req.query, "class");
  const found = await listTaxRates(context.db, {
    ...query,
    class: query.class === undefined ? undefined : storedClassSlug(query.class),
    limit: page.limit,
    offset: page.offset,
  });
  rest.sendPage(context, req, res, page, found.total, found.rates.map(taxRateRecord));
};

const read: rest.Handler = async (context, _caller, req, res) => {
  const found = await taxRate(context.db, rest.parseId(req));
  if (!found) throw invalidId();
  res.json(taxRateRecord(found));
};

const create: rest.Handler = async (context, _caller, req, res) => {
  if (req.body && typeof req.body === "object" && "id" in req.body)
    throw new rest.RestError(400, "woocommerce_rest_tax_exists", "Cannot create existing resource.");
  const body = rest.parsed(taxRateInput, req.body, "body");
  const created = await rest.refusing(() => createTaxRate(context.db, body));
  taxesChanged(context);
  res.status(201).json(taxRateRecord(created));
};

const update: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  // WooCommerce's clients send the rate back whole, its id included.
  const { id: _id, ...fields } = isPlainObject(req.body) ? req.body : {};
  const body = rest.parsed(taxRateInput, fields, "body");
  const updated = await rest.refusing(() => updateTaxRate(context.db, id, body));
  if (!updated) throw invalidId();
  taxesChanged(context);
  res.json(taxRateRecord(updated));
};

const remove: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  requireForce(req.query);
  const deleted = await deleteTaxRate(context.db, id);
  if (!deleted) throw invalidId();
  taxesChanged(context);
  res.json(taxRateRecord(deleted));
};

type BatchItem = Record<string, unknown>;

/** One change of a batch, or its refusal in its place, as WooCommerce's batch answers. */
async function batchItem(id: number | undefined, change: () => Promise<BatchItem>): Promise<BatchItem> {
  try {
    return await change();
  } catch (error) {
    const refusal = error instanceof z.ZodError ? rest.invalidParam(error) : error;
    if (!(refusal instanceof rest.RestError)) throw refusal;
    return {
      ...(id === undefined ? {} : { id }),
      error: {
        code: refusal.code,
        message: refusal.message,
        data: { status: refusal.status, ...refusal.params },
      },
    };
  }
}

/**
 * `POST /taxes/batch` `{create, update, delete}`: each change on its own, as WooCommerce's batch
 * does: one refused is answered in its place and the others are made. Deletions need no `force`.
 */
const batch: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(taxBatchInput, req.body, "body");
  const db = context.db;
  const answer = { create: [] as BatchItem[], update: [] as BatchItem[], delete: [] as BatchItem[] };
  for (const item of body.create)
    answer.create.push(
      await batchItem(undefined, async () => {
        const input = rest.parsed(taxRateInput, item, "body");
        return taxRateRecord(await rest.refusing(() => createTaxRate(db, input)));
      }),
    );
  for (const { id, ...fields } of body.update)
    answer.update.push(
      await batchItem(id, async () => {
        const input = rest.parsed(taxRateInput, fields, "body");
        const updated = await rest.refusing(() => updateTaxRate(db, id, input));
        if (!updated) throw invalidId();
        return taxRateRecord(updated);
      }),
    );
  for (const id of body.delete)
    answer.delete.push(
      await batchItem(id, async () => {
        const deleted = await deleteTaxRate(db, id);
        if (!deleted) throw invalidId();
        return taxRateRecord(deleted);
      }),
    );
  taxesChanged(context);
  res.json(answer);
};

const classRecord = (taxClass: { slug: string; name: string }): TaxClassRecord => ({
  slug: apiClassSlug(taxClass.slug),
  name: taxClass.name,
});

const listClasses: rest.Handler = async (context, _caller, _req, res) => {
  res.json((await loadTaxClasses(context.db)).map(classRecord));
};

const createClass: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(taxClassInput, req.body, "body");
  const created = await rest.refusing(() => createTaxClass(context.db, body));
  taxesChanged(context);
  res.status(201).json(classRecord(created));
};

const removeClass: rest.Handler = async (context, _caller, req, res) => {
  const slug = taxClassSlug.safeParse(req.params.slug);
  requireForce(req.query);
  const deleted =
    slug.success && slug.data !== STANDARD_CLASS_SLUG ? await deleteTaxClass(context.db, slug.data) : null;
  if (!deleted) throw new rest.RestError(404, "woocommerce_rest_taxes_invalid_slug", "Invalid slug.");
  taxesChanged(context);
  res.json(classRecord(deleted));
};

const exportQuery = z.object({ class: z.union([z.literal(STANDARD_CLASS_SLUG), taxClassSlug]).optional() });

const exportCsv: rest.Handler = async (context, _caller, req, res) => {
  const query = rest.parsed(exportQuery, req.query, "class");
  const taxClass = query.class === undefined ? undefined : storedClassSlug(query.class);
  res
    .set("Content-Type", "text/csv; charset=utf-8")
    .set("Content-Disposition", `attachment; filename="tax_rates${query.class ? `-${query.class}` : ""}.csv"`)
    .send(await exportTaxRates(context.db, taxClass));
};

const importBody = z.object({ csv: z.string().max(60_000) }).strict();

/** `POST /taxes/import` `{csv}`: every rate of the file added, or none (400 naming its line and column). */
const importCsv: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(importBody, req.body, "csv");
  try {
    const { imported } = await importTaxRates(context.db, body.csv);
    if (imported > 0) taxesChanged(context);
    res.json({ imported });
  } catch (error) {
    if (!(error instanceof TaxCsvError)) throw error;
    const { line, column } = error.refusal;
    throw new rest.RestError(400, "vitrine_tax_csv_invalid", error.message, { line: String(line), column });
  }
};

export const taxRoutes: rest.RestRoute[] = [
  { method: "get", path: "/taxes", needs: "admin", handler: list },
  { method: "post", path: "/taxes", needs: "admin", handler: create },
  { method: "post", path: "/taxes/batch", needs: "admin", handler: batch },
  { method: "get", path: "/taxes/classes", needs: "admin", handler: listClasses },
  { method: "post", path: "/taxes/classes", needs: "admin", handler: createClass },
  { method: "delete", path: "/taxes/classes/:slug", needs: "admin", handler: removeClass },
  { method: "get", path: "/taxes/export", needs: "admin", handler: exportCsv },
  { method: "post", path: "/taxes/import", needs: "admin", handler: importCsv },
  { method: "get", path: "/taxes/:id", needs: "admin", handler: read },
  { method: "put", path: "/taxes/:id", needs: "admin", handler: update },
  { method: "delete", path: "/taxes/:id", needs: "admin", handler: remove },
];

import { z } from "zod";
import { readReportQuery } from "../../lib/attribution-report.ts";
import { couponBatchInput, couponCreateInput, couponInput } from "../../lib/coupon-resource.ts";
import { couponSales } from "../../services/analytics/coupon-report.server.ts";
import {
  couponForAdmin,
  createCoupon,
  deleteCoupon,
  listCoupons,
  updateCoupon,
} from "../../services/coupons/coupons-admin.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Coupons for administrators, in the shape of WooCommerce's `wc/v3/coupons` (issue 41, decision
 * 0068): `GET|POST /coupons`, `GET|PUT|DELETE /coupons/{id}`, `POST /coupons/batch`.
 */

const notFound = () => new rest.RestError(404, "woocommerce_rest_shop_coupon_invalid_id", "Invalid ID.");
const listFilter = z.object({ search: z.string().max(100).optional(), code: z.string().max(100).optional() });

const list: rest.Handler = async (context, _caller, req, res) => {
  const page = rest.parseList(req);
  const filter = rest.parsed(listFilter, { search: req.query.search, code: req.query.code }, "search");
  const { records, total } = await listCoupons(context.db, { ...page, ...filter });
  rest.sendPage(context, req, res, page, total, records);
};

const getOne: rest.Handler = async (context, _caller, req, res) => {
  const record = await couponForAdmin(context.db, rest.parseId(req));
  if (!record) throw notFound();
  res.json(record);
};

const create: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(couponCreateInput, req.body, "body");
  res.status(201).json(await rest.refusing(() => createCoupon(context.db, body)));
};

const update: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(couponInput, req.body, "body");
  const record = await rest.refusing(() => updateCoupon(context.db, rest.parseId(req), body));
  if (!record) throw notFound();
  res.json(record);
};

const remove: rest.Handler = async (context, _caller, req, res) => {
  // WooCommerce's coupons go to the trash unless `force`; Vitrine has no trash, so it asks for it.
  if (req.query.force !== "true")
    throw new rest.RestError(501, "woocommerce_rest_trash_not_supported", "Coupons do not support trashing.");
  const record = await deleteCoupon(context.db, rest.parseId(req));
  if (!record) throw notFound();
  res.json(record);
};

type BatchError = { id: number; error: { code: string; message: string; data: { status: number } } };
const failed = (id: number, error: rest.RestError): BatchError => ({
  id,
  error: { code: error.code, message: error.message, data: { status: error.status } },
});

/** Each item on its own, as WooCommerce's batch does: a refused one is reported in its place. */
async function each<T>(run: () => Promise<T>, id: number): Promise<T | BatchError> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof rest.RestError) return failed(id, error);
    throw error;
  }
}

const batch: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(couponBatchInput, req.body, "body");
  const { db } = context;
  const created = [];
  for (const item of body.create)
    created.push(
      await each(
        () => rest.refusing(() => createCoupon(db, rest.parsed(couponCreateInput, item, "create"))),
        0,
      ),
    );
  const updated = [];
  for (const item of body.update) {
    const id = z.object({ id: z.number().int().positive() }).safeParse(item).data?.id ?? 0;
    updated.push(
      await each(async () => {
        const { id: _id, ...fields } = item as Record<string, unknown>;
        const record = await rest.refusing(() =>
          updateCoupon(db, id, rest.parsed(couponInput, fields, "update")),
        );
        if (!record) throw notFound();
        return record;
      }, id),
    );
  }
  const deleted = [];
  for (const id of body.delete)
    deleted.push(
      await each(async () => {
        const record = await deleteCoupon(db, id);
        if (!record) throw notFound();
        return record;
      }, id),
    );
  res.json({ create: created, update: updated, delete: deleted });
};

/** `GET /reports/coupons?from&to`: sales by coupon in the period (this month when none is given). */
const report: rest.Handler = async (context, _caller, req, res) => {
  const params = new URLSearchParams({ from: String(req.query.from ?? ""), to: String(req.query.to ?? "") });
  const { query, invalid } = readReportQuery(params, new Date());
  if (invalid)
    throw new rest.RestError(400, "rest_invalid_param", "Invalid parameter(s): from, to", { param: "from" });
  const currency = context.settings.currency;
  const rows = await couponSales(context.db, { from: query.from, to: query.to, currency });
  res.json(rows.map((row) => ({ code: row.code, orders_count: row.orders, amount: row.discount, currency })));
};

export const couponRoutes: rest.RestRoute[] = [
  { method: "get", path: "/reports/coupons", needs: "admin", handler: report },
  { method: "get", path: "/coupons", needs: "admin", handler: list },
  { method: "post", path: "/coupons", needs: "admin", handler: create },
  { method: "post", path: "/coupons/batch", needs: "admin", handler: batch },
  { method: "get", path: "/coupons/:id", needs: "admin", handler: getOne },
  { method: "put", path: "/coupons/:id", needs: "admin", handler: update },
  { method: "delete", path: "/coupons/:id", needs: "admin", handler: remove },
];

import { listOrders, orderForAdmin } from "../../services/orders.server.ts";
import * as rest from "./rest-route.server.ts";

/** `GET /orders` and `GET /orders/{id}`, for administrators: each order with its origin label. */

const listAll: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const page = await listOrders(context.db, list);
  rest.sendPage(context, req, res, list, page.total, page.orders.map(rest.snakeCaseKeys));
};

const getOne: rest.Handler = async (context, _caller, req, res) => {
  const found = await orderForAdmin(context.db, rest.parseId(req));
  if (!found) throw new rest.RestError(404, "woocommerce_rest_shop_order_invalid_id", "Invalid ID.");
  const { lines, attribution, origin, ...order } = found;
  // The attribution record keeps the field names it has always had in this API.
  res.json({ ...rest.snakeCaseKeys(order), line_items: lines.map(rest.snakeCaseKeys), attribution, origin });
};

export const orderRoutes: rest.RestRoute[] = [
  { method: "get", path: "/orders", needs: "admin", handler: listAll },
  { method: "get", path: "/orders/:id", needs: "admin", handler: getOne },
];

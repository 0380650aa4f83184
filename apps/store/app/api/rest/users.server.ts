import { z } from "zod";
import { listUsers, mergeWooCommerceMeta, roles, setUserRole } from "../../services/users.server.ts";
import * as rest from "./rest-route.server.ts";

/** `POST /users/me` (the caller's own meta), and for administrators `GET /users`, `PUT /users/{id}`. */

const meUpdate = z
  .object({
    woocommerce_meta: z.record(z.string().regex(/^[a-z_]{1,64}$/), z.string().max(1000)).optional(),
  })
  .strict();

const updateMe: rest.Handler = async (context, caller, req, res) => {
  const { userId } = rest.signedIn(caller);
  const body = meUpdate.safeParse(req.body);
  if (!body.success)
    throw new rest.RestError(400, "rest_invalid_param", "Invalid parameter: woocommerce_meta", {
      param: "woocommerce_meta",
    });
  const meta = await mergeWooCommerceMeta(context.db, userId, body.data.woocommerce_meta ?? {});
  res.json({ id: userId, woocommerce_meta: meta });
};

const userFilters = z.object({
  search: z.string().trim().max(254).optional(),
  role: z.enum(roles).optional(),
});

/** `GET /users?search=…&role=…`: accounts, for administrators who hand out roles. */
const listAccounts: rest.Handler = async (context, _caller, req, res) => {
  const list = rest.parseList(req);
  const filters = userFilters.safeParse({ search: req.query.search, role: req.query.role });
  if (!filters.success)
    throw new rest.RestError(400, "rest_invalid_param", "Invalid parameter: search or role", {
      param: "search or role",
    });
  const found = await listUsers(context.db, { ...filters.data, limit: list.limit, offset: list.offset });
  rest.sendPage(context, req, res, list, found.total, found.users);
};

const roleUpdate = z.object({ role: z.enum(roles) }).strict();

/** `PUT /users/{id}` `{role}`: makes an account a customer, an editor or an administrator. */
const updateAccount: rest.Handler = async (context, caller, req, res) => {
  const id = rest.parseId(req);
  const body = roleUpdate.safeParse(req.body);
  if (!body.success)
    throw new rest.RestError(400, "rest_invalid_param", "Invalid parameter: role", {
      param: "role",
    });
  // An administrator cannot lock the store out of administration by demoting themselves.
  if (id === rest.signedIn(caller).userId && body.data.role !== "administrator") {
    throw new rest.RestError(
      400,
      "rest_cannot_demote_self",
      "You cannot take away your own administrator role.",
    );
  }
  const user = await setUserRole(context.db, id, body.data.role);
  if (!user) throw new rest.RestError(404, "rest_user_invalid_id", "Invalid user ID.");
  res.json(user);
};

export const userRoutes: rest.RestRoute[] = [
  { method: "post", path: "/users/me", needs: "user", handler: updateMe },
  { method: "get", path: "/users", needs: "admin", handler: listAccounts },
  { method: "put", path: "/users/:id", needs: "admin", handler: updateAccount },
];

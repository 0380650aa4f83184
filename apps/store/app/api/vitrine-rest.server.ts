import { createHash, randomBytes } from "node:crypto";
import {
  apiTokens,
  orderAttribution,
  orderLines,
  orders,
  products,
  productTranslations,
  type Role,
  roles,
  users,
} from "@vitrine/db";
import { and, asc, count, desc, eq, ilike, isNull, sql } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { z } from "zod";
import type { AppContext } from "../context.server.ts";
import { AccountError, authenticate } from "../services/accounts.server.ts";
import { verifyNonce } from "../services/nonce.server.ts";
import { RateLimiter } from "../services/rate-limit.server.ts";
import { escapeLike } from "../services/search.server.ts";

/**
 * The platform REST API under `/api/vitrine/v2` (CONTRACTS.md): cookie + `X-Vitrine-Nonce` or a
 * Bearer token; lists take `per_page` (≤ 100) and `page` and answer with `Link`, `X-Vitrine-Total`
 * and `X-Vitrine-TotalPages`; `X-HTTP-Method-Override` is honoured on POST.
 */
type Caller = { userId: number; role: Role; via: "cookie" | "token"; tokenId?: number };
type Handler = (context: AppContext, caller: Caller | null, req: Request, res: Response) => Promise<void>;

class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const tokenLimiter = new RateLimiter(10, 15 * 60_000);
const listQuery = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

export function vitrineRestRouter(makeContext: (req: Request, res: Response) => AppContext): Router {
  const router = express.Router();
  router.use(express.json({ limit: "64kb" }));
  router.use((req, _res, next) => {
    const override = req.get("X-HTTP-Method-Override");
    if (req.method === "POST" && override && /^(PUT|PATCH|DELETE)$/i.test(override))
      req.method = override.toUpperCase();
    next();
  });

  const route =
    (handler: Handler, needs: "none" | "user" | "admin") =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const context = makeContext(req, res);
        const caller = await identify(context, req);
        if (needs !== "none" && !caller)
          throw new RestError(401, "rest_not_logged_in", "You are not currently logged in.");
        if (needs === "admin" && caller?.role !== "administrator") {
          throw new RestError(403, "rest_forbidden", "Sorry, you are not allowed to do that.");
        }
        res.setHeader("Cache-Control", "private, no-store");
        await handler(context, caller, req, res);
      } catch (error) {
        if (error instanceof RestError) {
          res
            .status(error.status)
            .json({ code: error.code, message: error.message, data: { status: error.status } });
          return;
        }
        next(error);
      }
    };

  router.post("/auth/token", route(issueToken, "none"));
  router.delete("/auth/token", route(revokeToken, "user"));
  router.post("/users/me", route(updateMe, "user"));
  router.get("/users", route(listUsers, "admin"));
  router.put("/users/:id", route(updateUser, "admin"));
  router.get("/products", route(listProducts, "admin"));
  router.get("/products/:id", route(getProduct, "admin"));
  router.put("/products/:id", route(updateProduct, "admin"));
  router.get("/orders", route(listOrders, "admin"));
  router.get("/orders/:id", route(getOrder, "admin"));
  router.get("/reports/attribution", route(attributionReport, "admin"));
  router.use((_req, res) => {
    res.status(404).json({
      code: "rest_no_route",
      message: "No route was found matching the URL and request method.",
      data: { status: 404 },
    });
  });
  return router;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Bearer token first; otherwise the session cookie, which must come with the session's REST nonce. */
async function identify(context: AppContext, req: Request): Promise<Caller | null> {
  const bearer = req.get("Authorization")?.match(/^Bearer\s+([\w-]{20,100})$/)?.[1];
  if (bearer) {
    const [row] = await context.db
      .select({ id: apiTokens.id, userId: users.id, role: users.role })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(and(eq(apiTokens.tokenHash, hashToken(bearer)), isNull(apiTokens.revokedAt)));
    if (!row) throw new RestError(401, "rest_invalid_token", "The API token is invalid or revoked.");
    return { userId: row.userId, role: row.role, via: "token", tokenId: row.id };
  }
  const session = await context.session.get();
  if (!session?.userId) return null;
  const nonce =
    req.get("X-Vitrine-Nonce") ?? (typeof req.query._wpnonce === "string" ? req.query._wpnonce : "");
  if (!verifyNonce(session.nonceSecret, "wp_rest", nonce)) {
    throw new RestError(403, "rest_cookie_invalid_nonce", "Cookie check failed");
  }
  const [user] = await context.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, session.userId));
  return user ? { userId: session.userId, role: user.role, via: "cookie" } : null;
}

const issueToken: Handler = async (context, _caller, req, res) => {
  const body = z
    .object({ email: z.string().email().max(254), password: z.string().min(1).max(200) })
    .safeParse(req.body);
  if (!body.success) throw new RestError(400, "rest_invalid_param", "email and password are required.");
  if (!tokenLimiter.attempt(body.data.email.toLowerCase())) {
    throw new RestError(429, "rest_too_many_requests", "Too many attempts. Please wait and try again.");
  }
  try {
    const user = await authenticate(context.db, body.data.email, body.data.password);
    const token = randomBytes(32).toString("base64url");
    await context.db.insert(apiTokens).values({ userId: user.id, tokenHash: hashToken(token) });
    tokenLimiter.reset(body.data.email.toLowerCase());
    res.status(201).json({ token });
  } catch (error) {
    if (error instanceof AccountError)
      throw new RestError(401, "rest_invalid_credentials", "The email address or password is incorrect.");
    throw error;
  }
};

const revokeToken: Handler = async (context, caller, _req, res) => {
  if (caller?.via !== "token")
    throw new RestError(400, "rest_invalid_param", "Send the token to revoke as the Bearer token.");
  await context.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, caller.tokenId!));
  res.json({ revoked: true });
};

const updateMe: Handler = async (context, caller, req, res) => {
  const body = z
    .object({
      woocommerce_meta: z.record(z.string().regex(/^[a-z_]{1,64}$/), z.string().max(1000)).optional(),
    })
    .strict()
    .safeParse(req.body);
  if (!body.success) throw new RestError(400, "rest_invalid_param", "Invalid parameter: woocommerce_meta");
  const [user] = await context.db
    .select({ meta: users.meta })
    .from(users)
    .where(eq(users.id, caller!.userId));
  const current = (user?.meta.woocommerce_meta as Record<string, string> | undefined) ?? {};
  const meta = { ...user?.meta, woocommerce_meta: { ...current, ...body.data.woocommerce_meta } };
  await context.db.update(users).set({ meta }).where(eq(users.id, caller!.userId));
  res.json({ id: caller!.userId, woocommerce_meta: meta.woocommerce_meta });
};

function paginate(req: Request, res: Response, total: number, perPage: number, page: number) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  res.setHeader("X-Vitrine-Total", String(total));
  res.setHeader("X-Vitrine-TotalPages", String(pages));
  const links: string[] = [];
  const base = `${req.protocol}://${req.get("host")}${req.baseUrl}${req.path}`;
  const at = (n: number) =>
    `${base}?${new URLSearchParams({ ...(req.query as Record<string, string>), page: String(n), per_page: String(perPage) })}`;
  if (page > 1) links.push(`<${at(page - 1)}>; rel="prev"`);
  if (page < pages) links.push(`<${at(page + 1)}>; rel="next"`);
  if (links.length > 0) res.setHeader("Link", links.join(", "));
}

function parseList(req: Request) {
  const parsed = listQuery.safeParse(req.query);
  if (!parsed.success)
    throw new RestError(
      400,
      "rest_invalid_param",
      `Invalid parameter: ${String(parsed.error.issues[0]?.path[0])}`,
    );
  return parsed.data;
}

function parseId(req: Request): number {
  const id = Number(req.params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    throw new RestError(404, "rest_not_found", "Not found.");
  return id;
}

const userColumns = { id: users.id, email: users.email, role: users.role };

/** `GET /users?search=…&role=…`: accounts, for administrators who hand out roles. */
const listUsers: Handler = async (context, _caller, req, res) => {
  const { per_page, page } = parseList(req);
  const filters = z
    .object({ search: z.string().trim().max(254).optional(), role: z.enum(roles).optional() })
    .safeParse({ search: req.query.search, role: req.query.role });
  if (!filters.success) throw new RestError(400, "rest_invalid_param", "Invalid parameter: search or role");
  const { search, role } = filters.data;
  const where = and(
    search ? ilike(users.email, `%${escapeLike(search)}%`) : undefined,
    role ? eq(users.role, role) : undefined,
  );
  const [total] = await context.db.select({ total: count() }).from(users).where(where);
  const rows = await context.db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(per_page)
    .offset((page - 1) * per_page);
  paginate(req, res, total?.total ?? 0, per_page, page);
  res.json(rows);
};

/** `PUT /users/{id}` `{role}`: makes an account a customer, an editor or an administrator. */
const updateUser: Handler = async (context, caller, req, res) => {
  const id = parseId(req);
  const body = z
    .object({ role: z.enum(roles) })
    .strict()
    .safeParse(req.body);
  if (!body.success) throw new RestError(400, "rest_invalid_param", "Invalid parameter: role");
  // An administrator cannot lock the store out of administration by demoting themselves.
  if (id === caller!.userId && body.data.role !== "administrator") {
    throw new RestError(400, "rest_cannot_demote_self", "You cannot take away your own administrator role.");
  }
  const [row] = await context.db
    .update(users)
    .set({ role: body.data.role })
    .where(eq(users.id, id))
    .returning(userColumns);
  if (!row) throw new RestError(404, "rest_user_invalid_id", "Invalid user ID.");
  res.json(row);
};

const productColumns = {
  id: products.id,
  slug: products.slug,
  type: products.type,
  status: products.status,
  sku: products.sku,
  regular_price: products.regularPrice,
  sale_price: products.salePrice,
  stock_quantity: products.stockQuantity,
  stock_status: products.stockStatus,
  total_sales: products.totalSales,
  name: sql<string>`(select ${productTranslations.name} from ${productTranslations} where ${productTranslations.productId} = ${products.id} and ${productTranslations.locale} = 'en')`,
};

const listProducts: Handler = async (context, _caller, req, res) => {
  const { per_page, page } = parseList(req);
  const [total] = await context.db.select({ total: count() }).from(products);
  const rows = await context.db
    .select(productColumns)
    .from(products)
    .orderBy(asc(products.id))
    .limit(per_page)
    .offset((page - 1) * per_page);
  paginate(req, res, total?.total ?? 0, per_page, page);
  res.json(rows);
};

const getProduct: Handler = async (context, _caller, req, res) => {
  const [row] = await context.db
    .select(productColumns)
    .from(products)
    .where(eq(products.id, parseId(req)));
  if (!row) throw new RestError(404, "rest_product_invalid_id", "Invalid ID.");
  res.json(row);
};

const productUpdate = z
  .object({
    stock_quantity: z.number().int().min(0).max(10_000_000).nullable().optional(),
    regular_price: z.number().int().min(0).max(1_000_000_000).optional(),
    sale_price: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
    status: z.enum(["publish", "draft"]).optional(),
  })
  .strict();

const updateProduct: Handler = async (context, _caller, req, res) => {
  const id = parseId(req);
  const body = productUpdate.safeParse(req.body);
  if (!body.success)
    throw new RestError(
      400,
      "rest_invalid_param",
      `Invalid parameter: ${String(body.error.issues[0]?.path[0] ?? "body")}`,
    );
  const { stock_quantity, regular_price, sale_price, status } = body.data;
  const set: Partial<typeof products.$inferInsert> = { updatedAt: new Date() };
  if (stock_quantity !== undefined) {
    set.stockQuantity = stock_quantity;
    set.stockStatus = stock_quantity === 0 ? "outofstock" : "instock";
  }
  if (regular_price !== undefined) set.regularPrice = regular_price;
  if (sale_price !== undefined) set.salePrice = sale_price;
  if (status !== undefined) set.status = status;
  const updated = await context.db
    .update(products)
    .set(set)
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (updated.length === 0) throw new RestError(404, "rest_product_invalid_id", "Invalid ID.");
  context.invalidatePages();
  const [row] = await context.db.select(productColumns).from(products).where(eq(products.id, id));
  res.json(row);
};

const orderColumns = {
  id: orders.id,
  status: orders.status,
  currency: orders.currency,
  total: orders.total,
  subtotal: orders.subtotal,
  shipping_total: orders.shippingTotal,
  payment_method: orders.paymentMethod,
  customer_id: orders.userId,
  billing: orders.billingAddress,
  shipping: orders.shippingAddress,
  customer_note: orders.customerNote,
  date_created: orders.createdAt,
};

const listOrders: Handler = async (context, _caller, req, res) => {
  const { per_page, page } = parseList(req);
  const [total] = await context.db.select({ total: count() }).from(orders);
  const rows = await context.db
    .select({ ...orderColumns, origin: orderAttribution.origin })
    .from(orders)
    .leftJoin(orderAttribution, eq(orderAttribution.orderId, orders.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(per_page)
    .offset((page - 1) * per_page);
  paginate(req, res, total?.total ?? 0, per_page, page);
  res.json(rows.map((row) => ({ ...row, origin: row.origin ?? "Unknown" })));
};

const getOrder: Handler = async (context, _caller, req, res) => {
  const id = parseId(req);
  const [order] = await context.db.select(orderColumns).from(orders).where(eq(orders.id, id));
  if (!order) throw new RestError(404, "woocommerce_rest_shop_order_invalid_id", "Invalid ID.");
  const [lines, [attribution]] = await Promise.all([
    context.db
      .select({
        id: orderLines.id,
        name: orderLines.name,
        product_id: orderLines.productId,
        variation_id: orderLines.variationId,
        quantity: orderLines.quantity,
        total: orderLines.total,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, id))
      .orderBy(asc(orderLines.id)),
    context.db.select().from(orderAttribution).where(eq(orderAttribution.orderId, id)),
  ]);
  const { orderId: _order, origin, ...record } = attribution ?? { orderId: id, origin: "Unknown" };
  res.json({ ...order, line_items: lines, attribution: attribution ? record : null, origin });
};

const reportQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

/**
 * Orders and revenue by where they came from: grouped by origin label, source type, campaign and
 * device, for orders placed between `from` and `to` (inclusive dates, UTC). Orders without a record
 * count as `Unknown`.
 */
const attributionReport: Handler = async (context, _caller, req, res) => {
  const query = reportQuery.safeParse(req.query);
  if (!query.success)
    throw new RestError(
      400,
      "rest_invalid_param",
      `Invalid parameter: ${String(query.error.issues[0]?.path[0])}`,
    );
  const filters = [];
  if (query.data.from)
    filters.push(sql`${orders.createdAt} >= ${`${query.data.from}T00:00:00Z`}::timestamptz`);
  if (query.data.to)
    filters.push(
      sql`${orders.createdAt} < (${`${query.data.to}T00:00:00Z`}::timestamptz + interval '1 day')`,
    );
  const origin = sql<string>`coalesce(${orderAttribution.origin}, 'Unknown')`;
  const sourceType = sql<string | null>`${orderAttribution.sourceType}`;
  const campaign = sql<string | null>`${orderAttribution.utmCampaign}`;
  const device = sql<string | null>`${orderAttribution.deviceType}`;
  const rows = await context.db
    .select({
      origin,
      source_type: sourceType,
      campaign,
      device,
      orders: sql<number>`count(*)`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${orders.total}), 0)`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(orderAttribution, eq(orderAttribution.orderId, orders.id))
    .where(filters.length > 0 ? and(...filters) : undefined)
    .groupBy(origin, sourceType, campaign, device)
    .orderBy(desc(sql`count(*)`));
  res.json({
    from: query.data.from ?? null,
    to: query.data.to ?? null,
    currency: context.settings.currency,
    groups: rows,
  });
};

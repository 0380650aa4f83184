import express, { type Request, type Response, type Router } from "express";
import { jsonBody } from "../../server/input-guard.server.ts";
import type { AppContext } from "../context.server.ts";
import { affiliateLinkRoutes } from "./rest/affiliate-links-rest.server.ts";
import { attributeRoutes } from "./rest/attributes-rest.server.ts";
import { catalogueImportRoutes } from "./rest/catalogue-import-rest.server.ts";
import { couponRoutes } from "./rest/coupons-rest.server.ts";
import { downloadRoutes } from "./rest/downloads-rest.server.ts";
import { mailRoutes } from "./rest/mails-rest.server.ts";
import { mediaRoutes } from "./rest/media-rest.server.ts";
import { menuRoutes } from "./rest/menus-rest.server.ts";
import { orderRoutes } from "./rest/orders-rest.server.ts";
import { pageRoutes } from "./rest/pages-rest.server.ts";
import { productRoutes } from "./rest/products-rest.server.ts";
import { reportRoutes } from "./rest/reports-rest.server.ts";
import { restHandler } from "./rest/rest-route.server.ts";
import { reviewRoutes } from "./rest/reviews-rest.server.ts";
import { sessionRecordingRoutes } from "./rest/session-recordings-rest.server.ts";
import { settingsRoutes } from "./rest/settings-rest.server.ts";
import { shippingRoutes } from "./rest/shipping-rest.server.ts";
import { taxRoutes } from "./rest/taxes-rest.server.ts";
import { tokenRoutes } from "./rest/tokens-rest.server.ts";
import { userRoutes } from "./rest/users-rest.server.ts";

/**
 * The platform REST API under `/api/vitrine/v2` (CONTRACTS.md): cookie + `X-Vitrine-Nonce` or a
 * Bearer token; lists take `per_page` (≤ 100) and `page` and answer with `Link`, `X-Vitrine-Total`
 * and `X-Vitrine-TotalPages`; `X-HTTP-Method-Override` is honoured on POST. One module per resource
 * under `rest/`, each an adapter over the services.
 */
export function vitrineRestRouter(makeContext: (req: Request, res: Response) => AppContext): Router {
  const router = express.Router();
  router.use(jsonBody("64kb"));
  router.use((req, _res, next) => {
    const override = req.get("X-HTTP-Method-Override");
    if (req.method === "POST" && override && /^(PUT|PATCH|DELETE)$/i.test(override))
      req.method = override.toUpperCase();
    next();
  });
  for (const route of [
    ...tokenRoutes,
    ...userRoutes,
    // Before the products' `/products/:id`.
    ...reviewRoutes,
    ...attributeRoutes,
    ...shippingRoutes,
    ...catalogueImportRoutes,
    ...productRoutes,
    ...pageRoutes,
    ...affiliateLinkRoutes,
    ...couponRoutes,
    ...menuRoutes,
    ...mediaRoutes,
    ...downloadRoutes,
    ...orderRoutes,
    ...reportRoutes,
    ...settingsRoutes,
    ...taxRoutes,
    ...mailRoutes,
    ...sessionRecordingRoutes,
  ]) {
    // The metrics name a request by its route, not its path (decision 0083).
    const name = `/api/vitrine/v2${route.path}`;
    router[route.method](
      route.path,
      (_req, res, next) => {
        res.locals.route = name;
        next();
      },
      restHandler(makeContext, route),
    );
  }
  router.use((_req, res) => {
    res.status(404).json({
      code: "rest_no_route",
      message: "No route was found matching the URL and request method.",
      data: { status: 404 },
    });
  });
  return router;
}

import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ChangeFeed, type DbHandle, migrationsApplied } from "@vitrine/db";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { analyticsCollectRouter } from "../app/api/analytics-collect.server.ts";
import { sessionRecordingsRouter } from "../app/api/recordings-collect.server.ts";
import { storeCartRouter } from "../app/api/store-cart.server.ts";
import { storeCheckoutRouter } from "../app/api/store-checkout.server.ts";
import { stripeWebhookRouter } from "../app/api/stripe-webhook.server.ts";
import { vitrineRestRouter } from "../app/api/vitrine-rest.server.ts";
import { walletOrdersRouter } from "../app/api/wallet-orders.server.ts";
import { mountCalls } from "../app/calls/calls.server.ts";
import { couponLinks } from "../app/calls/coupon-link.server.ts";
import { callRegistry } from "../app/calls/registry.server.ts";
import type { Config } from "../app/config.server.ts";
import { type AppContext, withDomainClients } from "../app/context.server.ts";
import { LANGUAGE_PARAMETER, requestLocale, TRANSLATION_COOKIE } from "../app/i18n/language.ts";
import { STRINGS_FILE_PREFIX } from "../app/i18n/strings-file.ts";
import { type ContentSources, emptyContentSources } from "../app/lib/rich-text.ts";
import type { Mailer } from "../app/services/mail/mail.server.ts";
import { mediaPlaceholders, mediaState } from "../app/services/media/demo-images.server.ts";
import { MEDIA_URL_PREFIX } from "../app/services/media/media.server.ts";
import { encoderFailingOnce } from "../app/services/media/media-library.server.ts";
import { storeFiles } from "../app/services/media/store-files.server.ts";
import { stripeCheckoutOrigin } from "../app/services/payments/stripe-client.server.ts";
import { comingSoonGate } from "../app/services/settings/coming-soon.server.ts";
import { parseCookies } from "../app/services/shared/cookies.server.ts";
import { RequestSession } from "../app/services/shared/session.server.ts";
import type { CurrentSettings, ServerCaches } from "./caches.server.ts";
import { compressedDrainListeners } from "./compressed-drain.server.ts";
import type { InFlight } from "./in-flight.server.ts";
import { bodyErrorAnswer, drainUnreadBodies, guardRequests } from "./input-guard.server.ts";
import { publicFiles } from "./media-files.server.ts";
import { healthEndpoints, metricsEndpoint, observeRequests } from "./observability.server.ts";
import { refuseCrossSiteRequests } from "./origin-check.server.ts";
import { pageRequestHandler } from "./page-requests.server.ts";
import { labelled, requestRoutes } from "./request-routes.server.ts";
import { builtFiles } from "./static-files.server.ts";
import { stringsFiles } from "./strings-files.server.ts";

/**
 * The browser assets sit beside the server build (`build/client` next to `build/server`). This module
 * may be emitted as `build/server/index.js` or as a chunk under `build/server/assets/`, so look up.
 */
const clientDir = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(dir) !== "server" && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(path.dirname(dir), "client");
})();

type AppParts = ServerCaches & {
  config: Config;
  database: DbHandle;
  logger: Logger;
  settings: CurrentSettings;
  mailer: Mailer;
  changes: ChangeFeed;
  requests: InFlight;
};

/** The HTTP surface: headers, compression, static files, health, cross-site refusal, the pages. */
export function createApp({
  config,
  database,
  logger,
  settings,
  pageCache,
  siteCache,
  productSearch,
  productListings,
  photoFeed,
  mailer,
  changes,
  requests,
}: AppParts) {
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* are believed only from the proxies TRUST_PROXY names; absolute URLs never use them.
  app.set("trust proxy", config.trustProxy);

  const build = () => import("virtual:react-router/server-build");
  const routeOf = requestRoutes(build);
  app.use(observeRequests({ logger, slowRequestMs: config.slowRequestMs, routeOf }));
  app.use(requests.middleware());
  app.use(drainUnreadBodies());
  app.use(guardRequests());
  // `?coupon=CODE` links apply the coupon and redirect before any kept page could answer them.
  app.use(couponLinks((req, res) => makeContext(req, res)));
  // A kept page goes out from here: every shared page's later steps ran when it was rendered.
  app.use(pageCache.hits(() => settings.current.coming_soon));

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...(config.mediaUrl ? [new URL(config.mediaUrl).origin] : [])],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", config.walletHost],
          frameSrc: ["'self'", config.walletHost],
          // The checkout's form is answered with a 303 to Stripe's page, which form-action covers too.
          formAction: ["'self'", config.walletHost, stripeCheckoutOrigin(config)],
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          ...(config.env === "production" ? {} : { upgradeInsecureRequests: null }),
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.env === "production",
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(compression());
  app.use(compressedDrainListeners());

  const files = storeFiles(config);
  const health = healthEndpoints({
    database,
    logger,
    mediaState: () => mediaState(database.db),
    migrationsApplied: () => migrationsApplied(database.db),
    // A file written and deleted in each: the folders, or the bucket.
    storageWritable: () => Promise.all([files.public.check(), files.private.check()]).then(() => {}),
  });
  app.get("/healthz", health.alive);
  app.get("/readyz", health.ready);
  app.get(
    "/metrics",
    (_req, res, next) => {
      res.locals.route = "/metrics";
      next();
    },
    metricsEndpoint({ allow: config.metricsAllow, database }),
  );

  // Built assets carry content hashes in their names, and so do media files and the strings' files:
  // all are immutable.
  app.get(`${STRINGS_FILE_PREFIX}:file`, stringsFiles());
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(MEDIA_URL_PREFIX, publicFiles(files.public));
  app.use(MEDIA_URL_PREFIX, mediaPlaceholders(files.public));
  app.use(builtFiles(clientDir, { maxAge: "1h", index: false }));

  app.use(refuseCrossSiteRequests());

  // Off unless a test asks for it (MEDIA_FAULT_WIDTH); one per process, as it remembers its fault.
  const mediaEncode = config.mediaFaultWidth ? encoderFailingOnce(config.mediaFaultWidth) : undefined;
  const makeContext = (req: express.Request, res: express.Response): AppContext =>
    withDomainClients(
      {
        db: database.db,
        // Every line the request's work writes carries its id (observeRequests).
        logger: (res.locals.logger as Logger | undefined) ?? logger,
        config,
        settings: settings.current,
        locale: requestLocale(
          req.query[LANGUAGE_PARAMETER],
          parseCookies(req.headers.cookie)[TRANSLATION_COOKIE],
        ),
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        session: new RequestSession(
          database.db,
          config.sessionSecret,
          req.headers.cookie ?? null,
          req.protocol === "https",
        ),
        sharedPage: res.locals.sharedPage === true,
        cspNonce: res.locals.cspNonce as string,
        mailer,
        afterAnswer: (work) => requests.track(work),
        invalidatePages: (tags) => changes.publish(tags ? `pages:${tags.join(",")}` : "pages"),
        pageTags: (res.locals.pageTags as Set<string> | undefined) ?? new Set(),
        contentSources: contentSourcesOf(res),
        settingsChanged: (changed) => {
          settings.current = changed;
          changes.publish("settings");
        },
        siteCache,
        productSearch,
        productListings,
        photoFeed,
      },
      { mediaEncode },
    );
  mountCalls(app, callRegistry, makeContext);
  app.use("/api/store/v1", labelled("/api/store/v1"), storeCheckoutRouter(makeContext));
  app.use("/api/store/v1", labelled("/api/store/v1"), storeCartRouter(makeContext));
  app.use(
    "/api/vitrine/v2/wallet/orders",
    labelled("/api/vitrine/v2/wallet/orders"),
    walletOrdersRouter(makeContext),
  );
  // Before the REST API, whose JSON parser would take the body Stripe's signature is checked over.
  app.use(
    "/api/vitrine/v2/stripe/webhook",
    labelled("/api/vitrine/v2/stripe/webhook"),
    stripeWebhookRouter(makeContext),
  );
  app.use(
    "/api/vitrine/v2/analytics/events",
    labelled("/api/vitrine/v2/analytics/events"),
    analyticsCollectRouter(makeContext),
  );
  app.use(
    "/api/vitrine/v2/analytics/recordings",
    labelled("/api/vitrine/v2/analytics/recordings"),
    sessionRecordingsRouter(makeContext),
  );
  app.use("/api/vitrine/v2", vitrineRestRouter(makeContext));

  app.use(comingSoonGate({ settings, db: database.db, sessionSecret: config.sessionSecret }));
  app.use(pageCache.middleware());
  app.all(
    "/{*path}",
    pageRequestHandler({
      build,
      mode: config.env,
      publicUrl: config.publicUrl,
      getLoadContext: makeContext,
    }),
  );

  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const refused = bodyErrorAnswer(error);
    if (refused && !res.headersSent) {
      res
        .status(refused.status)
        .json({ code: refused.code, message: refused.message, data: { status: refused.status } });
      return;
    }
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) logger.error({ err: error }, "request failed");
    if (res.headersSent) return;
    res.status(status >= 400 && status < 600 ? status : 500).json({
      code: status < 500 ? "invalid_request" : "unknown_error",
      message: status < 500 ? "The request could not be understood." : "An unknown error occurred.",
      data: { status },
    });
  });
  return app;
}

/** The other origins the response's page loads content from (decision 0027), made on first use. */
function contentSourcesOf(res: express.Response): ContentSources {
  res.locals.contentSources ??= emptyContentSources();
  return res.locals.contentSources as ContentSources;
}

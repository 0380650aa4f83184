import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import http, { type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ChangeFeed,
  changedPageTags,
  createDb,
  DatabaseOpenError,
  type DbHandle,
  openChangeFeed,
  products,
} from "@vitrine/db";
import { CatalogueNotEmptyError, seedDemo } from "@vitrine/db/seed";
import compression from "compression";
import { count } from "drizzle-orm";
import express from "express";
import helmet from "helmet";
import pino, { type Logger } from "pino";
import { analyticsCollectRouter } from "./app/api/analytics-collect.server.ts";
import { sessionRecordingsRouter } from "./app/api/recordings-collect.server.ts";
import { storeCartRouter } from "./app/api/store-cart.server.ts";
import { storeCheckoutRouter } from "./app/api/store-checkout.server.ts";
import { vitrineRestRouter } from "./app/api/vitrine-rest.server.ts";
import { walletOrdersRouter } from "./app/api/wallet-orders.server.ts";
import { mountCalls } from "./app/calls/calls.server.ts";
import { callRegistry } from "./app/calls/registry.server.ts";
import { type Config, ConfigError, listeningOrigin, loadConfig } from "./app/config.server.ts";
import { type AppContext, withDomainClients } from "./app/context.server.ts";
import { LANGUAGE_PARAMETER, requestLocale, TRANSLATION_COOKIE } from "./app/i18n/language.ts";
import { type ContentSources, emptyContentSources } from "./app/lib/rich-text.ts";
import { ANALYTICS_PURGE_INTERVAL_MS, purgeAnalytics } from "./app/services/analytics/analytics.server.ts";
import { ProductSearch } from "./app/services/catalogue/search.server.ts";
import { PhotoFeed } from "./app/services/content/photo-feed.server.ts";
import { storeNoticeCacheVariant } from "./app/services/content/store-notice.server.ts";
import { createMailer, type Mailer } from "./app/services/mail/mail.server.ts";
import { sweepMailOutbox } from "./app/services/mail/mail-outbox.server.ts";
import { drawInBackground, mediaPlaceholders, mediaState } from "./app/services/media/demo-images.server.ts";
import { MEDIA_URL_PREFIX } from "./app/services/media/media.server.ts";
import { encoderFailingOnce } from "./app/services/media/media-library.server.ts";
import { ensureAdministrator } from "./app/services/people/accounts.server.ts";
import { comingSoonGate } from "./app/services/settings/coming-soon.server.ts";
import { loadStoreSettings, type StoreSettings } from "./app/services/settings/settings.server.ts";
import { parseCookies } from "./app/services/shared/cookies.server.ts";
import { RequestSession } from "./app/services/shared/session.server.ts";
import { SiteCache } from "./app/services/shared/site-cache.server.ts";
import { compressedDrainListeners } from "./server/compressed-drain.server.ts";
import { InFlight } from "./server/in-flight.server.ts";
import { bodyErrorAnswer, drainUnreadBodies, guardRequests } from "./server/input-guard.server.ts";
import { refuseCrossSiteRequests } from "./server/origin-check.server.ts";
import { PageCache } from "./server/page-cache.server.ts";
import { pageRequestHandler } from "./server/page-requests.server.ts";
import { builtFiles } from "./server/static-files.server.ts";

/**
 * The browser assets sit beside the server build (`build/client` next to `build/server`). This module
 * may be emitted as `build/server/index.js` or as a chunk under `build/server/assets/`, so look up.
 */
const clientDir = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(dir) !== "server" && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(path.dirname(dir), "client");
})();

type AppParts = {
  config: Config;
  database: DbHandle;
  logger: Logger;
  /** The current settings: replaced when any process on the database changes them. */
  settings: { current: StoreSettings };
  pageCache: PageCache;
  siteCache: SiteCache;
  productSearch: ProductSearch;
  photoFeed: PhotoFeed;
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
  photoFeed,
  mailer,
  changes,
  requests,
}: AppParts) {
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* are believed only from the proxies TRUST_PROXY names; absolute URLs never use them.
  app.set("trust proxy", config.trustProxy);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  });
  app.use(requests.middleware());
  app.use(drainUnreadBodies());
  app.use(guardRequests());
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
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", config.walletHost],
          frameSrc: ["'self'", config.walletHost],
          formAction: ["'self'", config.walletHost],
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

  app.get("/healthz", async (_req, res) => {
    try {
      const media = await mediaState(database.db);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.dialect, media });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res
        .status(503)
        .set("Cache-Control", "no-store")
        .json({ status: "unavailable", database: database.dialect });
    }
  });

  // Built assets carry content hashes in their names, and so do media files: both are immutable.
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(MEDIA_URL_PREFIX, express.static(config.mediaDir, { immutable: true, maxAge: "1y", index: false }));
  app.use(MEDIA_URL_PREFIX, mediaPlaceholders(config.mediaDir));
  app.use(builtFiles(clientDir, { maxAge: "1h", index: false }));

  app.use(refuseCrossSiteRequests());

  // Off unless a test asks for it (MEDIA_FAULT_WIDTH); one per process, as it remembers its fault.
  const mediaEncode = config.mediaFaultWidth ? encoderFailingOnce(config.mediaFaultWidth) : undefined;
  const makeContext = (req: express.Request, res: express.Response): AppContext =>
    withDomainClients(
      {
        db: database.db,
        logger,
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
        settingsChanged: () => changes.publish("settings"),
        siteCache,
        productSearch,
        photoFeed,
      },
      { mediaEncode },
    );
  mountCalls(app, callRegistry, makeContext);
  app.use("/api/store/v1", storeCheckoutRouter(makeContext));
  app.use("/api/store/v1", storeCartRouter(makeContext));
  app.use("/api/vitrine/v2/wallet/orders", walletOrdersRouter(makeContext));
  app.use("/api/vitrine/v2/analytics/events", analyticsCollectRouter(makeContext));
  app.use("/api/vitrine/v2/analytics/recordings", sessionRecordingsRouter(makeContext));
  app.use("/api/vitrine/v2", vitrineRestRouter(makeContext));

  app.use(comingSoonGate({ settings, db: database.db, sessionSecret: config.sessionSecret }));
  app.use(pageCache.middleware());
  app.all(
    "/{*path}",
    pageRequestHandler({
      build: () => import("virtual:react-router/server-build"),
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

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = pino({ level: config.logLevel, base: { service: "vitrine-store" } });
  if (config.workers > 1 && cluster.isPrimary) await runPrimary(config, logger);
  else await serve(config, logger);
}

/** Opens the database; a worker leaves migrating to the primary, which did it before forking. */
async function openDatabase(config: Config): Promise<DbHandle> {
  try {
    return await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      migrate: !cluster.isWorker,
    });
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }
}

/** What happens once per start, before any request: the demo catalogue and the first administrator. */
async function prepare(config: Config, logger: Logger, database: DbHandle): Promise<void> {
  const [catalogue] = await database.db.select({ total: count() }).from(products);
  if (config.seedDemo && (catalogue?.total ?? 0) === 0) {
    logger.info("first start: seeding the demo catalogue");
    try {
      // The pictures are drawn once the store serves (drawInBackground), so a first start is quick.
      const seeded = await seedDemo(database.db, {
        mediaDir: config.mediaDir,
        images: "later",
        log: (msg) => logger.info(msg),
      });
      logger.info(seeded, "demo catalogue seeded");
    } catch (error) {
      // Another server sharing this PostgreSQL database seeded it first.
      if (!(error instanceof CatalogueNotEmptyError)) throw error;
      logger.info("the demo catalogue was seeded by another process");
    }
  }
  const admin = await ensureAdministrator(database.db, config.admin);
  if (admin?.generatedPassword) {
    // Printed once, on the first start only; it is stored hashed.
    process.stdout.write(
      `\nAdministrator created: ${admin.email} with password ${admin.generatedPassword} (shown once; change it after signing in)\n\n`,
    );
  } else if (admin) {
    logger.info({ email: admin.email }, "administrator created from ADMIN_EMAIL");
  }
}

/**
 * Several workers on one port (PostgreSQL only): the primary migrates and prepares the database
 * once, forks the workers, starts a new one when one dies, and passes SIGTERM/SIGINT on, leaving
 * when the last has finished its requests.
 */
async function runPrimary(config: Config, logger: Logger): Promise<void> {
  const database = await openDatabase(config);
  await prepare(config, logger, database);
  // The primary serves nothing: it draws what the seed left to draw while the workers serve.
  const drawing = drawInBackground(database.db, config.mediaDir, logger);
  const closeDatabase = () => drawing.stop().then(() => database.close());

  let stopping = false;
  let announced = false;
  cluster.on("listening", (_worker, address) => {
    if (announced) return;
    announced = true;
    process.stdout.write(
      `Vitrine is serving at ${listeningOrigin(config.host, address.port)} with ${config.workers} workers\n`,
    );
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0)
        void closeDatabase().finally(() => process.exit(0));
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "worker stopped; starting another");
    // A worker that dies before it ever listened will die again: stop rather than loop.
    if (!announced) fail("A worker could not start; see the log above.");
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down the workers");
    void drawing.stop();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < config.workers; i++) cluster.fork();
}

/** One process serving the port (alone, or as a worker of the primary). */
async function serve(config: Config, logger: Logger): Promise<void> {
  const database = await openDatabase(config);
  logger.info({ database: database.describe }, "database ready");
  if (!cluster.isWorker) await prepare(config, logger, database);

  const settings = { current: await loadStoreSettings(database.db) };
  const changes = await openChangeFeed({
    db: database.db,
    databaseUrl: config.databaseUrl,
    onError: (error) => logger.warn({ err: error }, "change feed"),
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: () => settings.current.mail_from || config.mailFrom,
    logger,
  });
  const requests = new InFlight();
  let drawing: { stop(): Promise<void> } | undefined;
  let mails: { stop(): void } | undefined;
  const server: Server = http.createServer();
  // Idle keep-alive connections stay open longer than a client or proxy typically keeps them (Node's
  // 5 s default): a client reusing a socket the server is closing at that moment gets ECONNRESET,
  // which API clients (not browsers) do not retry. Seen in a browser test's REST call.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const listening = listeningOrigin(config.host, port);
    // PORT 0 takes any free port: the default public address is known only now, before any request.
    const publicUrl = config.port === 0 && config.publicUrl.endsWith(":0") ? listening : config.publicUrl;
    const served = { ...config, publicUrl };
    const pageCache = new PageCache(config.pageCacheEntries, new URL(publicUrl).host, undefined, (cookies) =>
      storeNoticeCacheVariant(settings.current, cookies),
    );
    const siteCache = new SiteCache();
    const productSearch = new ProductSearch(database.db);
    const photoFeed = new PhotoFeed({ db: database.db, logger });
    const emptyCaches = () => {
      pageCache.clear();
      siteCache.clear();
    };
    changes.subscribe((change) => {
      const tags = changedPageTags(change);
      // Any page change may be a product's: the search reads what moved before its next answer.
      if (change !== "settings") productSearch.catalogueChanged();
      // A change to some products drops the pages that show them; menus and the rest stay.
      if (tags) return pageCache.purge(tags);
      emptyCaches();
      if (change !== "settings") return;
      // Emptied again once the new settings are in place: a page rendered meanwhile, with the old
      // ones, must not stay in the cache.
      loadStoreSettings(database.db)
        .then((loaded) => {
          settings.current = loaded;
          emptyCaches();
        })
        .catch((error) => logger.error({ err: error }, "reading the changed settings failed"));
    });
    server.on(
      "request",
      createApp({
        config: served,
        database,
        logger,
        settings,
        pageCache,
        siteCache,
        productSearch,
        photoFeed,
        mailer,
        changes,
        requests,
      }),
    );
    // Mails owed by orders whose first attempt failed or was cut off (decision 0050).
    mails = sweepMailOutbox({
      context: () => ({ db: database.db, mailer, logger, settings: settings.current, config: served }),
      track: (work) => requests.track(work),
    });
    // Built in the background, a batch of products at a time, while pages are already served.
    productSearch.warm();
    if (!cluster.isWorker) drawing = drawInBackground(database.db, config.mediaDir, logger);
    // Analytics older than the store keeps them, and past days' salts, go at start and every 6 hours.
    if (!cluster.isWorker) {
      const purge = () =>
        void purgeAnalytics(database.db, settings.current.analytics).catch((error) =>
          logger.warn({ err: error }, "purging old analytics failed"),
        );
      purge();
      setInterval(purge, ANALYTICS_PURGE_INTERVAL_MS).unref();
    }
    const shown = listening === publicUrl ? "" : ` (public address ${publicUrl})`;
    if (!cluster.isWorker) process.stdout.write(`Vitrine is serving at ${listening}${shown}\n`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    void database
      .close()
      .finally(() =>
        fail(
          error.code === "EADDRINUSE"
            ? `Port ${config.port} is already in use; set PORT to another port.`
            : error.message,
        ),
      );
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests");
    // No new connections; a request on a kept-alive one gets a clean 503. The requests under way
    // finish (for at most 25 s) before the database closes, so none is cut off half-written.
    requests.refuseNew();
    mails?.stop();
    const drawingStopped = drawing?.stop();
    server.close();
    server.closeIdleConnections();
    const finished = await requests.settled(25_000);
    if (!finished) logger.warn({ left: requests.count }, "requests still running after 25 s");
    server.closeAllConnections();
    try {
      await drawingStopped;
      await changes.close();
      await database.close();
      logger.info("database closed; bye");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "database close failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

await main();

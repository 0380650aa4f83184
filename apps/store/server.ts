import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import { createDb, DatabaseOpenError, type DbHandle, products } from "@vitrine/db";
import { CatalogueNotEmptyError, seedDemo } from "@vitrine/db/seed";
import compression from "compression";
import { count, sql } from "drizzle-orm";
import express from "express";
import helmet from "helmet";
import pino, { type Logger } from "pino";
import { storeCartRouter } from "./app/api/store-cart.server.ts";
import { storeCheckoutRouter } from "./app/api/store-checkout.server.ts";
import { vitrineRestRouter } from "./app/api/vitrine-rest.server.ts";
import { walletOrdersRouter } from "./app/api/wallet-orders.server.ts";
import { mountCalls } from "./app/calls/calls.server.ts";
import { callRegistry } from "./app/calls/registry.server.ts";
import { type Config, ConfigError, loadConfig } from "./app/config.server.ts";
import type { AppContext } from "./app/context.server.ts";
import { LANGUAGE_PARAMETER, requestLocale, TRANSLATION_COOKIE } from "./app/i18n/language.ts";
import { ensureAdministrator } from "./app/services/accounts.server.ts";
import { parseCookies } from "./app/services/cookies.server.ts";
import { createMailer, type Mailer } from "./app/services/mail.server.ts";
import { MEDIA_URL_PREFIX } from "./app/services/media.server.ts";
import { refuseCrossSiteRequests } from "./app/services/origin-check.server.ts";
import { PageCache } from "./app/services/page-cache.server.ts";
import { RequestSession } from "./app/services/session.server.ts";
import { loadStoreSettings, type StoreSettings } from "./app/services/settings.server.ts";

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
  settings: StoreSettings;
  pageCache: PageCache;
  mailer: Mailer;
};

/** The HTTP surface: headers, compression, static files, health, cross-site refusal, the pages. */
export function createApp({ config, database, logger, settings, pageCache, mailer }: AppParts) {
  const app = express();
  app.disable("x-powered-by");

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

  app.get("/healthz", async (_req, res) => {
    try {
      await database.db.execute(sql`select 1`);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.dialect });
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
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));

  app.use(refuseCrossSiteRequests());

  const makeContext = (req: express.Request, res: express.Response): AppContext => ({
    db: database.db,
    logger,
    config,
    settings,
    locale: requestLocale(
      req.query[LANGUAGE_PARAMETER],
      parseCookies(req.headers.cookie)[TRANSLATION_COOKIE],
    ),
    session: new RequestSession(
      database.db,
      config.sessionSecret,
      req.headers.cookie ?? null,
      req.protocol === "https",
    ),
    cspNonce: res.locals.cspNonce as string,
    mailer,
    invalidatePages: () => pageCache.clear(),
  });
  mountCalls(app, callRegistry, makeContext);
  app.use("/api/store/v1", storeCheckoutRouter(makeContext));
  app.use("/api/store/v1", storeCartRouter(makeContext));
  app.use("/api/vitrine/v2/wallet/orders", walletOrdersRouter(makeContext));
  app.use("/api/vitrine/v2", vitrineRestRouter(makeContext));

  app.use(pageCache.middleware());
  app.all(
    "/{*path}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: config.env,
      getLoadContext: makeContext,
    }),
  );

  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
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

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = pino({ level: config.logLevel, base: { service: "vitrine-store" } });

  let database: DbHandle;
  try {
    database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }
  logger.info({ database: database.describe }, "database ready");

  const [catalogue] = await database.db.select({ total: count() }).from(products);
  if (config.seedDemo && (catalogue?.total ?? 0) === 0) {
    logger.info("first start: seeding the demo catalogue");
    try {
      const seeded = await seedDemo(database.db, {
        mediaDir: config.mediaDir,
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

  const settings = await loadStoreSettings(database.db);
  const pageCache = new PageCache(config.pageCacheEntries);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
    logger,
  });
  const app = createApp({ config, database, logger, settings, pageCache, mailer });

  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
    process.stdout.write(`Vitrine is serving at http://${shown}:${port}\n`);
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
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests");
    // Stop accepting, let requests in flight finish (for at most 10 s), then close the database.
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.close(() => {
      void database
        .close()
        .then(() => {
          logger.info("database closed; bye");
          process.exit(0);
        })
        .catch((error) => {
          logger.error({ err: error }, "database close failed");
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

await main();

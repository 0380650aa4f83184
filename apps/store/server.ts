import cluster from "node:cluster";
import http, { type Server } from "node:http";
import { openChangeFeed } from "@vitrine/db";
import pino, { type Logger } from "pino";
import { type Config, ConfigError, listeningOrigin, loadConfig } from "./app/config.server.ts";
import { createMailer } from "./app/services/mail/mail.server.ts";
import { serveMediaFrom } from "./app/services/media/media-address.server.ts";
import { loadStoreSettings } from "./app/services/settings/settings.server.ts";
import { type BackgroundJob, startBackgroundJobs } from "./server/background-jobs.server.ts";
import { buildCaches, followChanges } from "./server/caches.server.ts";
import { runPrimary } from "./server/cluster-primary.server.ts";
import { createApp } from "./server/express-app.server.ts";
import { InFlight } from "./server/in-flight.server.ts";
import { fail, openDatabase, prepare } from "./server/start-up.server.ts";

export { createApp };

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  serveMediaFrom(config.mediaUrl);
  const logger = pino({ level: config.logLevel, base: { service: "vitrine-store" } });
  if (config.workers > 1 && cluster.isPrimary) await runPrimary(config, logger);
  else await serve(config, logger);
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
  let jobs: BackgroundJob | undefined;
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
    const caches = buildCaches({ config, publicUrl, database, logger, settings });
    followChanges({ changes, caches, settings, database, logger });
    server.on(
      "request",
      createApp({ ...caches, config: served, database, logger, settings, mailer, changes, requests }),
    );
    jobs = startBackgroundJobs({
      database,
      mailer,
      logger,
      settings,
      config: served,
      requests,
      productSearch: caches.productSearch,
      productListings: caches.productListings,
      changes,
      isWorker: cluster.isWorker,
    });
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
    const jobsStopped = jobs?.stop();
    server.close();
    server.closeIdleConnections();
    const finished = await requests.settled(25_000);
    if (!finished) logger.warn({ left: requests.count }, "requests still running after 25 s");
    server.closeAllConnections();
    try {
      await jobsStopped;
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

await main();

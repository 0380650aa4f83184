import cluster from "node:cluster";
import { openChangeFeed } from "@vitrine/db";
import type { Logger } from "pino";
import { type Config, listeningOrigin } from "../app/config.server.ts";
import { loadStoreSettings } from "../app/services/settings/settings.server.ts";
import { oncePerDatabaseJobs, stopAll } from "./background-jobs.server.ts";
import { followSettings } from "./caches.server.ts";
import { superviseWorkers } from "./cluster-workers.server.ts";
import { InFlight } from "./in-flight.server.ts";
import { answerMetrics } from "./observability.server.ts";
import { fail, openDatabase, prepare } from "./start-up.server.ts";

/**
 * Several workers on one port (PostgreSQL only): the primary migrates and prepares the database
 * once, forks the workers, starts a new one when one dies, and passes SIGTERM/SIGINT on, leaving
 * when the last has finished its requests.
 */
export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  const database = await openDatabase(config);
  await prepare(config, logger, database);
  // The primary serves nothing: it does the work done once per database while the workers serve
  // (drawing the seed's pictures, fetching imported ones, resuming imports, purging analytics,
  // announcing sales), telling the workers whose pages changed.
  const changes = await openChangeFeed({
    db: database.db,
    databaseUrl: config.databaseUrl,
    onError: (error) => logger.warn({ err: error }, "change feed"),
  });
  const settings = { current: await loadStoreSettings(database.db) };
  followSettings({ changes, settings, database, logger });
  // The work those jobs leave running (a resumed import), waited for before the database closes.
  const work = new InFlight();
  const jobs = stopAll(oncePerDatabaseJobs({ database, config, logger, changes, settings, requests: work }));
  const closeDatabase = () =>
    jobs
      .stop()
      .then(() => work.settled(25_000))
      .then(() => changes.close())
      .then(() => database.close());

  // A worker asked for `/metrics` answers every worker's figures, gathered here.
  answerMetrics(logger);
  let stopping = false;
  let announced = false;
  cluster.on("listening", (_worker, address) => {
    if (announced) return;
    announced = true;
    process.stdout.write(
      `Vitrine is serving at ${listeningOrigin(config.host, address.port)} with ${config.workers} workers\n`,
    );
  });
  const workers = superviseWorkers(cluster, {
    count: config.workers,
    onDied: (worker, code, signal) => {
      logger.error({ pid: worker.process.pid, code, signal }, "worker stopped; starting another");
      // A worker that dies before it ever listened will die again: stop rather than loop.
      if (!announced) fail("A worker could not start; see the log above.");
    },
    onStopped: () => void closeDatabase().finally(() => process.exit(0)),
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down the workers");
    void jobs.stop();
    workers.stop();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

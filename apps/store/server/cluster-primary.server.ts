import cluster from "node:cluster";
import { openChangeFeed } from "@vitrine/db";
import type { Logger } from "pino";
import { type Config, listeningOrigin } from "../app/config.server.ts";
import { importedPictureFetching, pictureDrawing } from "./background-jobs.server.ts";
import { fail, openDatabase, prepare } from "./start-up.server.ts";

/**
 * Several workers on one port (PostgreSQL only): the primary migrates and prepares the database
 * once, forks the workers, starts a new one when one dies, and passes SIGTERM/SIGINT on, leaving
 * when the last has finished its requests.
 */
export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  const database = await openDatabase(config);
  await prepare(config, logger, database);
  // The primary serves nothing: it draws what the seed left to draw while the workers serve.
  const drawing = pictureDrawing(database, config, logger);
  // And fetches imported pictures (decision 0077), telling the workers whose pages changed.
  const changes = await openChangeFeed({
    db: database.db,
    databaseUrl: config.databaseUrl,
    onError: (error) => logger.warn({ err: error }, "change feed"),
  });
  const fetching = importedPictureFetching(database, config, logger, changes);
  const closeDatabase = () =>
    Promise.all([drawing.stop(), fetching.stop()])
      .then(() => changes.close())
      .then(() => database.close());

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
    void fetching.stop();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < config.workers; i++) cluster.fork();
}

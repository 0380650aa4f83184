import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createDb, DatabaseOpenError, type DbHandle, products } from "@vitrine/db";
import { CatalogueNotEmptyError, seedDemo } from "@vitrine/db/seed";
import { count } from "drizzle-orm";
import type { Logger } from "pino";
import type { Config } from "../app/config.server.ts";
import { storeFiles } from "../app/services/media/store-files.server.ts";
import { ensureAdministrator } from "../app/services/people/accounts.server.ts";
import { statementObserver } from "./observability.server.ts";

/** What every start does before serving: open the database and, once per database, prepare it. */

/** Opens the database; a worker leaves migrating to the primary, which did it before forking. */
export async function openDatabase(config: Config): Promise<DbHandle> {
  try {
    return await createDb({
      databaseUrl: config.databaseUrl,
      preparedStatements: config.preparedStatements,
      dataDir: config.dataDir,
      migrate: !cluster.isWorker,
      thread: config.pgliteThread ? builtServerModule("pglite-thread.js") : undefined,
      // Each statement's time, into the metrics and its request's trace (decision 0083).
      observeStatement: statementObserver(),
    });
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }
}

/**
 * A module built beside the server's entry in `build/server` (`pglite-thread.js`, `drawing-process.js`;
 * this module may be emitted as a chunk under `build/server/assets/`, so look up). Not built (the
 * TypeScript run by tests): none, and the work runs in the server's own thread.
 */
export function builtServerModule(name: string): URL | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (path.basename(dir) !== "server" && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const file = path.join(dir, name);
  return existsSync(file) ? pathToFileURL(file) : undefined;
}

/** What happens once per start, before any request: the demo catalogue and the first administrator. */
export async function prepare(config: Config, logger: Logger, database: DbHandle): Promise<void> {
  const [catalogue] = await database.db.select({ total: count() }).from(products);
  if (config.seedDemo && (catalogue?.total ?? 0) === 0) {
    logger.info("first start: seeding the demo catalogue");
    try {
      // The pictures are drawn once the store serves (drawInBackground), so a first start is quick.
      const seeded = await seedDemo(database.db, {
        media: storeFiles(config).public,
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

/** Stops the process with a message for whoever started it. */
export function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

import type { ChangeFeed, DbHandle } from "@vitrine/db";
import type { Logger } from "pino";
import type { Config } from "../app/config.server.ts";
import { ANALYTICS_PURGE_INTERVAL_MS, purgeAnalytics } from "../app/services/analytics/analytics.server.ts";
import type { ProductListings } from "../app/services/catalogue/listings.server.ts";
import type { ProductSearch } from "../app/services/catalogue/search.server.ts";
import type { Mailer } from "../app/services/mail/mail.server.ts";
import { sweepMailOutbox } from "../app/services/mail/mail-outbox.server.ts";
import { drawInBackground } from "../app/services/media/demo-images.server.ts";
import { sweepUnpaidOrders } from "../app/services/payments/payment-sweep.server.ts";
import type { CurrentSettings } from "./caches.server.ts";
import type { InFlight } from "./in-flight.server.ts";

/**
 * The work a server process does besides answering requests, one function per job. Each starts
 * once the server listens and answers how to stop it; `startBackgroundJobs` says which processes
 * run which.
 */

export type BackgroundJob = { stop(): void | Promise<void> };

/** What a sweep of the process's own builds its context from. */
type SweepParts = {
  database: DbHandle;
  mailer: Mailer;
  logger: Logger;
  settings: CurrentSettings;
  config: Config;
  requests: InFlight;
};

/** Mails owed by orders whose first attempt failed or was cut off (decision 0050), at start and each minute. */
export function mailOutboxSweep(options: SweepParts): BackgroundJob {
  const { database, mailer, logger, settings, config } = options;
  return sweepMailOutbox({
    context: () => ({ db: database.db, mailer, logger, settings: settings.current, config }),
    track: (work) => options.requests.track(work),
  });
}

/**
 * Stripe orders left unpaid past the hold time, cancelled and their stock returned (issue 42), at
 * start and each minute, by every process: each order is ended once, whichever process gets there.
 */
export function unpaidOrdersSweep(options: SweepParts & { changes: ChangeFeed }): BackgroundJob {
  const { database, mailer, logger, settings, config, requests, changes } = options;
  return sweepUnpaidOrders({
    context: () => ({
      db: database.db,
      mailer,
      logger,
      settings: settings.current,
      config,
      afterAnswer: (work) => requests.track(work),
      // As a request's change does: every process drops the pages that show the stock that came back.
      invalidatePages: (tags) => changes.publish(tags ? `pages:${tags.join(",")}` : "pages"),
    }),
    track: (work) => requests.track(work),
  });
}

/**
 * The search and listing indexes, built in the background a batch of products at a time while
 * pages are served.
 */
export function catalogueIndexWarming(
  productSearch: ProductSearch,
  productListings: ProductListings,
): BackgroundJob {
  productSearch.warm();
  productListings.warm();
  return { stop() {} };
}

/**
 * The pictures the seed left to draw (`images: "later"`), drawn while the store serves: by the one
 * process, or by a cluster's primary, which serves nothing.
 */
export function pictureDrawing(
  database: DbHandle,
  config: Config,
  logger: Logger,
): { stop(): Promise<void> } {
  return drawInBackground(database.db, config.mediaDir, logger);
}

/** Analytics older than the store keeps them, and past days' salts, purged at start and every 6 hours. */
export function analyticsPurging(
  database: DbHandle,
  settings: CurrentSettings,
  logger: Logger,
): BackgroundJob {
  const purge = () =>
    void purgeAnalytics(database.db, settings.current.analytics).catch((error) =>
      logger.warn({ err: error }, "purging old analytics failed"),
    );
  purge();
  const timer = setInterval(purge, ANALYTICS_PURGE_INTERVAL_MS).unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Starts a serving process's jobs: every process sweeps the mail outbox and the unpaid orders and
 * warms its own search index; drawing pictures and purging analytics are done once per database,
 * by the process that is not a cluster's worker. `stop` stops them all and settles when the drawing
 * has stopped.
 */
export function startBackgroundJobs(options: {
  database: DbHandle;
  mailer: Mailer;
  logger: Logger;
  settings: CurrentSettings;
  config: Config;
  requests: InFlight;
  productSearch: ProductSearch;
  productListings: ProductListings;
  changes: ChangeFeed;
  isWorker: boolean;
}): BackgroundJob {
  const jobs: BackgroundJob[] = [
    mailOutboxSweep(options),
    unpaidOrdersSweep(options),
    catalogueIndexWarming(options.productSearch, options.productListings),
  ];
  if (!options.isWorker) {
    jobs.push(pictureDrawing(options.database, options.config, options.logger));
    jobs.push(analyticsPurging(options.database, options.settings, options.logger));
  }
  return { stop: () => Promise.all(jobs.map((job) => job.stop())).then(() => undefined) };
}

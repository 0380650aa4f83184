import type { ChangeFeed, DbHandle } from "@vitrine/db";
import type { Logger } from "pino";
import type { Config } from "../app/config.server.ts";
import { ANALYTICS_PURGE_INTERVAL_MS, purgeAnalytics } from "../app/services/analytics/analytics.server.ts";
import type { ProductListings } from "../app/services/catalogue/listings.server.ts";
import { productsWhoseSaleTurned, SALE_TURN_CHECK_MS } from "../app/services/catalogue/sale-dates.server.ts";
import type { ProductSearch } from "../app/services/catalogue/search.server.ts";
import {
  removeAbandonedUploads,
  resumeUnfinishedImports,
} from "../app/services/catalogue-io/catalogue-import-runs.server.ts";
import { isPublicAddress } from "../app/services/catalogue-io/picture-address.server.ts";
import { sweepImportFetches } from "../app/services/catalogue-io/picture-fetch.server.ts";
import type { Mailer } from "../app/services/mail/mail.server.ts";
import { sweepMailOutbox } from "../app/services/mail/mail-outbox.server.ts";
import { drawInBackground } from "../app/services/media/demo-images.server.ts";
import { createMediaLibrary } from "../app/services/media/media-library.server.ts";
import { createPrivateFiles } from "../app/services/media/private-files.server.ts";
import { storeFiles } from "../app/services/media/store-files.server.ts";
import { sweepUnpaidOrders } from "../app/services/payments/payment-sweep.server.ts";
import { PageTags } from "../app/services/shared/page-tags.server.ts";
import type { CurrentSettings } from "./caches.server.ts";
import type { InFlight } from "./in-flight.server.ts";
import { builtServerModule } from "./start-up.server.ts";

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
  return drawInBackground(
    database.db,
    storeFiles(config).public,
    logger,
    builtServerModule("drawing-process.js"),
  );
}

/**
 * Pictures and downloadable files that imported files name by another site's address, fetched
 * through the media library and the private files (decisions 0077, 0081): at start, every minute,
 * and at once when an import ends or the owner asks again. Every process announces the products
 * whose galleries changed.
 */
export function importedPictureFetching(
  database: DbHandle,
  config: Config,
  logger: Logger,
  changes: ChangeFeed,
): { stop(): Promise<void> } {
  return sweepImportFetches({
    db: database.db,
    stores: {
      library: createMediaLibrary({ db: database.db, files: storeFiles(config) }),
      files: privateFiles(database, config),
    },
    logger,
    onFetched: (productIds) => changes.publish(`pages:${productIds.map(PageTags.product).join(",")}`),
    // Only a browser test's store sets it, for its fake host on 127.0.0.1.
    fetch: config.importPicturesFromLoopback
      ? { isAllowedAddress: (address) => address === "127.0.0.1" || isPublicAddress(address) }
      : {},
  });
}

/** Catalogue imports a stopped process left unfinished, resumed from their checkpoints at start. */
export function catalogueImportResuming(
  database: DbHandle,
  config: Config,
  logger: Logger,
  changes: ChangeFeed,
  requests: InFlight,
): BackgroundJob {
  void resumeUnfinishedImports({
    db: database.db,
    files: privateFiles(database, config),
    origin: config.publicUrl,
    shared: config.databaseUrl !== undefined,
    logger,
    invalidatePages: () => changes.publish("pages"),
    track: (work) => requests.track(work),
  })
    .then((resumed) => {
      if (resumed.length > 0) logger.info({ jobs: resumed }, "catalogue imports resumed");
    })
    .catch((error) => logger.warn({ err: error }, "resuming catalogue imports failed"));
  return { stop() {} };
}

/** Import uploads left unrun for a day removed with their bytes (decision 0082), at start and each hour. */
export function importUploadCleaning(database: DbHandle, config: Config, logger: Logger): BackgroundJob {
  const parts = { db: database.db, files: privateFiles(database, config) };
  const clean = () =>
    void removeAbandonedUploads(parts)
      .then((removed) => {
        if (removed.length > 0) logger.info({ uploads: removed }, "import uploads left unrun removed");
      })
      .catch((error) => logger.warn({ err: error }, "removing import uploads left unrun failed"));
  clean();
  const timer = setInterval(clean, UPLOAD_CLEANING_INTERVAL_MS).unref();
  return { stop: () => clearInterval(timer) };
}

const UPLOAD_CLEANING_INTERVAL_MS = 60 * 60 * 1000;

/** The private files (downloads, import uploads), where `MEDIA_STORE` keeps them. */
function privateFiles(database: DbHandle, config: Config) {
  return createPrivateFiles({ db: database.db, files: storeFiles(config).private });
}

/**
 * Products whose sale began or ended (at 00:00 UTC, decision 0079) announced each minute, so every
 * process drops their cached pages and reads their listing and search prices again; the prices
 * themselves are decided when read. Done once per database.
 */
export function saleTurnAnnouncing(database: DbHandle, logger: Logger, changes: ChangeFeed): BackgroundJob {
  let since = new Date();
  const check = () => {
    const until = new Date();
    void productsWhoseSaleTurned(database.db, since, until)
      .then((ids) => {
        since = until;
        if (ids.length > 0) changes.publish(`pages:${ids.map(PageTags.product).join(",")}`);
      })
      .catch((error) => logger.warn({ err: error }, "announcing sales that began or ended failed"));
  };
  const timer = setInterval(check, SALE_TURN_CHECK_MS).unref();
  return { stop: () => clearInterval(timer) };
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

/** What the jobs done once per database build from: the process's own parts. */
type OncePerDatabaseParts = {
  database: DbHandle;
  logger: Logger;
  settings: CurrentSettings;
  config: Config;
  requests: InFlight;
  changes: ChangeFeed;
};

/**
 * The jobs done once per database: drawing pictures, purging analytics, announcing sales that began
 * or ended, fetching imported pictures and files, resuming unfinished imports and removing uploads
 * left unrun. The one process of a store runs them, or a cluster's primary (which serves nothing),
 * never its workers.
 */
export function oncePerDatabaseJobs(options: OncePerDatabaseParts): BackgroundJob[] {
  const { database, config, logger, changes } = options;
  return [
    pictureDrawing(database, config, logger),
    analyticsPurging(database, options.settings, logger),
    saleTurnAnnouncing(database, logger, changes),
    importedPictureFetching(database, config, logger, changes),
    catalogueImportResuming(database, config, logger, changes, options.requests),
    importUploadCleaning(database, config, logger),
  ];
}

/**
 * Starts a serving process's jobs: every process sweeps the mail outbox and the unpaid orders and
 * warms its own search index; a process that is not a cluster's worker also runs the jobs done once
 * per database. `stop` stops them all and settles when the drawing has stopped.
 */
export function startBackgroundJobs(
  options: OncePerDatabaseParts & {
    mailer: Mailer;
    productSearch: ProductSearch;
    productListings: ProductListings;
    isWorker: boolean;
  },
): BackgroundJob {
  const jobs: BackgroundJob[] = [
    mailOutboxSweep(options),
    unpaidOrdersSweep(options),
    catalogueIndexWarming(options.productSearch, options.productListings),
    ...(options.isWorker ? [] : oncePerDatabaseJobs(options)),
  ];
  return stopAll(jobs);
}

/** One job that stops them all, settling when each has stopped. */
export function stopAll(jobs: BackgroundJob[]): { stop(): Promise<void> } {
  return { stop: () => Promise.all(jobs.map((job) => job.stop())).then(() => undefined) };
}

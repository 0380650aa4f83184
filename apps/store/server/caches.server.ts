import { type ChangeFeed, changedPageTags, type DbHandle } from "@vitrine/db";
import type { Logger } from "pino";
import type { Config } from "../app/config.server.ts";
import type { StoreSettings } from "../app/lib/settings-resource.ts";
import { ProductListings } from "../app/services/catalogue/listings.server.ts";
import { ProductSearch } from "../app/services/catalogue/search.server.ts";
import { PhotoFeed } from "../app/services/content/photo-feed.server.ts";
import { storeNoticeCacheVariant } from "../app/services/content/store-notice.server.ts";
import { loadStoreSettings } from "../app/services/settings/settings.server.ts";
import { SiteCache } from "../app/services/shared/site-cache.server.ts";
import { measurePageCache } from "../app/services/shared/store-metrics.server.ts";
import { forgetShippingZones } from "../app/services/shipping/shipping-zones.server.ts";
import { taxCacheVariant } from "../app/services/taxes/shown-prices.server.ts";
import { forgetTaxRates } from "../app/services/taxes/tax-rates.server.ts";
import { PageCache } from "./page-cache.server.ts";

/** The current settings: replaced when any process on the database changes them. */
export type CurrentSettings = { current: StoreSettings };

/** What a server process keeps in memory, each emptied or refreshed through the change feed. */
export type ServerCaches = {
  pageCache: PageCache;
  siteCache: SiteCache;
  productSearch: ProductSearch;
  productListings: ProductListings;
  photoFeed: PhotoFeed;
};

/** The process's caches, for a store served at `publicUrl` (its host keys the page cache). */
export function buildCaches(options: {
  config: Config;
  publicUrl: string;
  database: DbHandle;
  logger: Logger;
  settings: CurrentSettings;
}): ServerCaches {
  const { config, database, settings } = options;
  const pageCache = new PageCache(
    config.pageCacheBytes,
    new URL(options.publicUrl).host,
    undefined,
    (cookies) => {
      // The prices' display variant (decision 0071): "" at the shop's base, so its keys stay as they were.
      const prices = taxCacheVariant(database.db, settings.current, cookies);
      if (prices === null) return null;
      const notice = storeNoticeCacheVariant(settings.current, cookies);
      return prices === "" ? notice : `${notice}|${prices}`;
    },
  );
  measurePageCache(() => pageCache.bytes);
  return {
    pageCache,
    siteCache: new SiteCache(),
    productSearch: new ProductSearch(database.db),
    productListings: new ProductListings(database.db),
    photoFeed: new PhotoFeed({ db: database.db, logger: options.logger }),
  };
}

/**
 * Keeps the caches and the settings in step with every process on the database: a change to some
 * products drops the pages that show them; any other change empties the page and site caches, and
 * a settings change empties them again once the settings are read again.
 */
export function followChanges(options: {
  changes: ChangeFeed;
  caches: ServerCaches;
  settings: CurrentSettings;
  database: DbHandle;
  logger: Logger;
}): void {
  const { pageCache, siteCache, productSearch, productListings } = options.caches;
  const { settings, database, logger } = options;
  const emptyCaches = () => {
    pageCache.clear();
    siteCache.clear();
    // A change to the tax rates drops every page (decision 0067): the rates go with them.
    forgetTaxRates(database.db);
    // So does a change to the shipping zones, methods or classes (decision 0069).
    forgetShippingZones(database.db);
  };
  options.changes.subscribe((change) => {
    const tags = changedPageTags(change);
    // Any page change may be a product's: the search reads what moved before its next answer.
    if (change !== "settings") {
      productSearch.catalogueChanged();
      productListings.catalogueChanged(tags);
    }
    // A change to some products drops the pages that show them; menus and the rest stay.
    if (tags) return pageCache.purge(tags);
    emptyCaches();
  });
  // Emptied again once new settings are in place: a page rendered meanwhile, with the old ones,
  // must not stay in the cache.
  followSettings({ changes: options.changes, settings, database, logger }, emptyCaches);
}

/**
 * Reads the settings again whenever a process on the database changes them (a server process, a
 * cluster's primary); `loaded` runs once the new ones are in place.
 */
export function followSettings(
  options: { changes: ChangeFeed; settings: CurrentSettings; database: DbHandle; logger: Logger },
  loaded?: () => void,
): void {
  const { settings, database, logger } = options;
  options.changes.subscribe((change) => {
    if (change !== "settings") return;
    loadStoreSettings(database.db)
      .then((read) => {
        settings.current = read;
        loaded?.();
      })
      .catch((error) => logger.error({ err: error }, "reading the changed settings failed"));
  });
}

import { type Change, type ChangeFeed, shippingZones, taxRates } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseStoreSettings } from "../app/lib/settings-resource.ts";
import { loadShippingZones } from "../app/services/shipping/shipping-zones.server.ts";
import { loadTaxRates } from "../app/services/taxes/tax-rates.server.ts";
import { followChanges, type ServerCaches } from "./caches.server.ts";

/** A feed that tells only this process, as PGlite's does. */
function localFeed(): ChangeFeed & { listeners: Array<(change: Change) => void> } {
  const listeners: Array<(change: Change) => void> = [];
  return {
    listeners,
    publish: (change) => {
      for (const listener of listeners) listener(change);
    },
    subscribe: (listener) => void listeners.push(listener),
    close: async () => {},
  };
}

describe.each(await availableDialects())("the change feed's subscriber on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.close();
  });

  it("empties the kept tax rates on a change that drops every page, not on one product's", async () => {
    const changes = localFeed();
    const noop = () => {};
    const caches = {
      pageCache: { clear: noop, purge: noop },
      siteCache: { clear: noop },
      productSearch: { catalogueChanged: noop },
      productListings: { catalogueChanged: noop },
      photoFeed: {},
    } as unknown as ServerCaches;
    followChanges({
      changes,
      caches,
      settings: { current: parseStoreSettings(undefined) },
      database: { ...database, db: database.db },
      logger: pino({ level: "silent" }),
    });
    expect(await loadTaxRates(database.db)).toEqual([]);
    await database.db.insert(taxRates).values({ country: "ES", rate: "21" });
    changes.publish("pages:product-1");
    expect(await loadTaxRates(database.db)).toEqual([]);
    changes.publish("pages");
    expect((await loadTaxRates(database.db)).map((rate) => rate.rate)).toEqual(["21.0000"]);
  });

  it("empties the kept shipping zones on a change that drops every page (decision 0069)", async () => {
    const changes = localFeed();
    const noop = () => {};
    const caches = {
      pageCache: { clear: noop, purge: noop },
      siteCache: { clear: noop },
      productSearch: { catalogueChanged: noop },
      productListings: { catalogueChanged: noop },
      photoFeed: {},
    } as unknown as ServerCaches;
    followChanges({
      changes,
      caches,
      settings: { current: parseStoreSettings(undefined) },
      database: { ...database, db: database.db },
      logger: pino({ level: "silent" }),
    });
    const before = (await loadShippingZones(database.db)).length;
    await database.db.insert(shippingZones).values({ name: "Spain", order: 1 });
    changes.publish("pages:product-1");
    expect((await loadShippingZones(database.db)).length).toBe(before);
    changes.publish("pages");
    expect((await loadShippingZones(database.db)).map((zone) => zone.name)).toContain("Spain");
  });
});

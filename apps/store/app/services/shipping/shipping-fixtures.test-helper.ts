import { type Database, shippingZoneMethods, shippingZones } from "@vitrine/db";
import { forgetShippingZones } from "./shipping-zones.server.ts";

/**
 * What migration 0023 gives a store whose settings named no shipping (decision 0069): zone 0 with a
 * flat rate of 5.00 and free local pickup. Put back after a test database's `reset()`, which
 * empties every table, the migration's rows included; the process's copy of the zones goes too.
 */
export async function insertStoreShipping(db: Database): Promise<void> {
  forgetShippingZones(db);
  await db.insert(shippingZones).values({ id: 0, name: "", order: 0 }).onConflictDoNothing();
  await db.insert(shippingZoneMethods).values([
    {
      zoneId: 0,
      methodId: "flat_rate",
      order: 1,
      settings: { title: "", tax_status: "taxable", cost: "5.00" },
    },
    {
      zoneId: 0,
      methodId: "local_pickup",
      order: 2,
      settings: { title: "", tax_status: "taxable", cost: "0.00" },
    },
  ]);
}

import type { Database } from "@vitrine/db";
import { forgetShippingZones } from "./shipping-zones.server.ts";

/**
 * What migration 0023 gives a store whose settings named no shipping (decision 0069): zone 0 with a
 * flat rate of 5.00 and free local pickup. A test database's `reset()` puts the migration's rows
 * back; the process's copy of the zones, read before the reset, goes here.
 */
export async function insertStoreShipping(db: Database): Promise<void> {
  forgetShippingZones(db);
}

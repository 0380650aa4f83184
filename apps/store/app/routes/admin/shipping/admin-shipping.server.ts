import type { AppLoadContext } from "react-router";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import { listZones, zoneLocations, zoneMethods } from "../../../services/shipping/shipping-zones.server.ts";

/**
 * The Shipping page's zones (decision 0069), in the owner's order as `GET /shipping/zones` answers
 * them, each with its locations and its methods' titles, as the REST API reads them too.
 */
export async function loadShippingZonesPage(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  const zones = await listZones(context.db);
  return {
    zones: await Promise.all(
      zones.map(async (zone) => ({
        ...zone,
        locations: (await zoneLocations(context.db, zone.id)) ?? [],
        methods: ((await zoneMethods(context.db, zone.id)) ?? []).map(({ title, enabled }) => ({
          title,
          enabled,
        })),
      })),
    ),
  };
}

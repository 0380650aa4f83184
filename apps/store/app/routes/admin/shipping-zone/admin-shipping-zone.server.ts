import { type AppLoadContext, data } from "react-router";
import { countries } from "../../../lib/checkout-schema.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import { listShippingClasses } from "../../../services/shipping/shipping-classes.server.ts";
import { zoneLocations, zoneMethods, zoneRecord } from "../../../services/shipping/shipping-zones.server.ts";

/**
 * One shipping zone's page (decision 0069): the zone, its locations and its methods as the REST API
 * answers them, the store's shipping classes (a flat rate's cost per class) and the countries and
 * states a zone may hold. A 404 for no such zone.
 */
export async function loadShippingZonePage(
  context: AppLoadContext,
  request: Request,
  param: string | undefined,
) {
  await requireAdmin(context, request);
  const id = Number(param);
  if (!Number.isInteger(id) || id < 0 || id > 2_147_483_647) throw data(null, { status: 404 });
  const [zone, locations, methods, classes] = await Promise.all([
    zoneRecord(context.db, id),
    zoneLocations(context.db, id),
    zoneMethods(context.db, id),
    listShippingClasses(context.db),
  ]);
  if (!zone || !locations || !methods) throw data(null, { status: 404 });
  return { zone, locations, methods, classes, countries, currency: context.settings.currency };
}

export type ShippingZonePageData = Awaited<ReturnType<typeof loadShippingZonePage>>;

import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ZoneForm } from "../../../features/admin/shipping/zone-form.tsx";
import { ZoneMethods } from "../../../features/admin/shipping/zone-methods.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadShippingZonePage } from "./admin-shipping-zone.server.ts";

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  loadShippingZonePage(context, request, params.id);

export const meta = () => backOfficeMeta("Shipping zone");

/** `/admin/shipping/zones/:id`: a zone's name, regions and methods, for administrators (decision 0069). */
export default function BackOfficeShippingZone({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { zone } = loaderData;
  const name = zone.id === 0 ? t("backOffice.shipping.restOfWorld") : zone.name;
  return (
    <BackOfficePage
      title={t("backOffice.shipping.zoneTitle", { name })}
      back={{ to: "/admin/shipping", label: t("backOffice.shipping.backToZones") }}
      className="space-y-8"
    >
      {zone.id !== 0 && <ZoneForm key={zone.id} data={loaderData} />}
      <ZoneMethods data={loaderData} />
    </BackOfficePage>
  );
}

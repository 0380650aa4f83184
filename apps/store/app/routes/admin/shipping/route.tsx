import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ShippingTabs } from "../../../features/admin/shipping/shipping-tabs.tsx";
import { ZoneList } from "../../../features/admin/shipping/zone-list.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadShippingZonesPage } from "./admin-shipping.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadShippingZonesPage(context, request);

export const meta = () => backOfficeMeta("Shipping zones");

/** `/admin/shipping`: the shipping zones in order, for administrators (decision 0069). */
export default function BackOfficeShipping({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.shipping.title")} intro={<ShippingTabs open="zones" />}>
      <ZoneList zones={loaderData.zones} />
    </BackOfficePage>
  );
}

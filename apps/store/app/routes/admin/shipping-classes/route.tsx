import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ShippingClassList } from "../../../features/admin/shipping/shipping-class-list.tsx";
import { ShippingTabs } from "../../../features/admin/shipping/shipping-tabs.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadShippingClassesPage } from "./admin-shipping-classes.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadShippingClassesPage(context, request);

export const meta = () => backOfficeMeta("Shipping classes");

/** `/admin/shipping/classes`: the shipping classes, added, edited and deleted (decision 0069). */
export default function BackOfficeShippingClasses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.shipping.title")} intro={<ShippingTabs open="classes" />}>
      <ShippingClassList classes={loaderData.classes} />
    </BackOfficePage>
  );
}

import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { OrderList } from "../../../features/admin/orders/order-list.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadOrderList } from "./admin-orders.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadOrderList(context, request);

export const meta = () => backOfficeMeta("Orders");

export default function BackOfficeOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.orders.title")}>
      <OrderList {...loaderData} />
    </BackOfficePage>
  );
}

import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { OrderDownloadsSection } from "../../../features/admin/orders/order-downloads-section.tsx";
import { OrderPage } from "../../../features/admin/orders/order-page.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAdminOrder } from "./admin-order.server.ts";

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  loadAdminOrder(context, request, params.id);

export const meta = ({ data }: Route.MetaArgs) => backOfficeMeta(data ? `Order #${data.order.id}` : "Order");

export default function BackOfficeOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.orders.orderTitle", { id: loaderData.order.id })}>
      <OrderPage order={loaderData.order} />
      <OrderDownloadsSection orderId={loaderData.order.id} permissions={loaderData.downloads} />
    </BackOfficePage>
  );
}

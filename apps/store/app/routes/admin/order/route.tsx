import { OrderPage } from "../../../features/admin/orders/order-page.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAdminOrder } from "./admin-order.server.ts";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadAdminOrder(context, request, params.id);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `Order #${data.order.id}` : "Order" }, { name: "robots", content: "noindex" }];
}

export default function BackOfficeOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-4 text-3xl font-semibold">
        {t("backOffice.orders.orderTitle", { id: loaderData.order.id })}
      </h1>
      <OrderPage order={loaderData.order} />
    </section>
  );
}

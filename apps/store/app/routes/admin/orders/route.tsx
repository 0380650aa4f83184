import { OrderList } from "../../../features/admin/orders/order-list.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadOrderList } from "./admin-orders.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadOrderList(context, request);
}

export function meta() {
  return [{ title: "Orders" }, { name: "robots", content: "noindex" }];
}

export default function BackOfficeOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.orders.title")}</h1>
      <OrderList {...loaderData} />
    </section>
  );
}

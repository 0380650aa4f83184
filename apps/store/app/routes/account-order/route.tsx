import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { OrderDetails } from "../../features/orders/index.ts";
import { findOrderForViewer as findOrder } from "../../services/orders.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, params }: Route.LoaderArgs) {
  const session = await context.session.get();
  if (!session?.userId) throw redirect("/my-account");
  const id = Number(params.id);
  const order =
    Number.isInteger(id) && id > 0 && id < 2_147_483_647
      ? await findOrder(context.db, id, { userId: session.userId })
      : null;
  if (!order) throw data(null, { status: 404 });
  return order;
}

export function meta() {
  return [{ title: "Order" }, { name: "robots", content: "noindex" }];
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-3xl font-semibold">{t("account.orderTitle", { id: loaderData.id })}</h1>
      <OrderDetails order={loaderData} thanks={false} />
    </>
  );
}

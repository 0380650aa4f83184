import { OrderDetails } from "../../features/orders/index.ts";
import type { Route } from "./+types/route";
import { loadOrderReceived } from "./order-received.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadOrderReceived(context, params.id, new URL(request.url).searchParams.get("key"));
}

export function meta() {
  return [{ title: "Order received" }, { name: "robots", content: "noindex" }];
}

export default function OrderReceived({ loaderData: order }: Route.ComponentProps) {
  return <OrderDetails order={order} thanks />;
}

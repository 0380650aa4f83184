import { BankDetails } from "../../features/orders/bank-details.tsx";
import { OrderDetails } from "../../features/orders/order-details.tsx";
import { OrderDownloads } from "../../features/orders/order-downloads.tsx";
import { PaymentState } from "../../features/orders/payment-state.tsx";
import type { Route } from "./+types/route";
import { loadOrderReceived } from "./order-received.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return loadOrderReceived(context, params.id, query.get("key"), query.get("session_id"));
}

export function meta() {
  return [{ title: "Order received" }, { name: "robots", content: "noindex" }];
}

export default function OrderReceived({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.payment && <PaymentState state={loaderData.payment} />}
      <OrderDetails order={loaderData.order} thanks />
      {loaderData.downloads.length > 0 && <OrderDownloads downloads={loaderData.downloads} />}
      {loaderData.bankDetails && (
        <div className="mt-6">
          <BankDetails details={loaderData.bankDetails} />
        </div>
      )}
    </>
  );
}

import { OrderDownloads } from "../../features/orders/order-downloads.tsx";
import type { Route } from "./+types/route";
import { loadAccountDownloads } from "./account-downloads.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadAccountDownloads(context);
}

export function meta() {
  return [{ title: "Downloads" }, { name: "robots", content: "noindex" }];
}

/** My account → Downloads (WooCommerce's): every file the shopper's paid orders still open. */
export default function AccountDownloads({ loaderData }: Route.ComponentProps) {
  return <OrderDownloads downloads={loaderData.downloads} headingLevel={1} />;
}

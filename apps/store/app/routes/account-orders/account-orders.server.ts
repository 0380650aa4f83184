import { type AppLoadContext, redirect } from "react-router";
import { listOrdersOfUser } from "../../services/orders/orders.server.ts";

/** The signed-in shopper's orders, newest first; a guest is sent to sign in. */
export async function loadAccountOrders(context: AppLoadContext) {
  const session = await context.session.get();
  if (!session?.userId) throw redirect("/my-account");
  return { orders: await listOrdersOfUser(context.db, session.userId) };
}

import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { z } from "zod";
import { findOrderForViewer } from "../../services/orders/orders.server.ts";

const params = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  key: z.string().min(10).max(100),
});

/** The order confirmation: shown only with the order's own key (a wrong key is a 404, not a hint). */
export async function loadOrderReceived(context: AppLoadContext, id: string, key: string | null) {
  const parsed = params.safeParse({ id, key });
  if (!parsed.success) throw data(null, { status: 404 });
  const order = await findOrderForViewer(context.db, parsed.data.id, { key: parsed.data.key });
  if (!order) throw data(null, { status: 404 });
  // A bank transfer's receipt tells the shopper where to pay (the owner's settings).
  const bankDetails = order.paymentMethod === "bacs" ? context.settings.payments.bacs.details : null;
  return { order, bankDetails };
}

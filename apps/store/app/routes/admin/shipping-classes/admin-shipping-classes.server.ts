import type { AppLoadContext } from "react-router";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import { listShippingClasses } from "../../../services/shipping/shipping-classes.server.ts";

/** The shipping classes page (decision 0069): every class as `GET /products/shipping_classes` answers it. */
export async function loadShippingClassesPage(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  return { classes: await listShippingClasses(context.db) };
}

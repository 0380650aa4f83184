import { data } from "react-router";
import { CouponForm } from "../../../features/admin/coupons/coupon-form.tsx";
import { CouponOrders } from "../../../features/admin/coupons/coupon-orders.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  couponForAdmin,
  newCouponDraft,
  ordersUsingCoupon,
} from "../../../services/coupons/coupons-admin.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const currency = context.settings.currency;
  if (!params.id) return { id: null, coupon: newCouponDraft(), orders: [], currency };
  const id = Number(params.id);
  const coupon =
    Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await couponForAdmin(context.db, id) : null;
  if (!coupon) throw data(null, { status: 404 });
  const orders = await ordersUsingCoupon(context.db, coupon.code);
  return {
    id,
    coupon,
    orders: orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
    currency,
  };
}

export function meta() {
  return [{ title: "Coupon" }, { name: "robots", content: "noindex" }];
}

/** `/admin/coupons/new` and `/admin/coupons/{id}`: a coupon's form and the orders that used it. */
export default function BackOfficeCoupon({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, coupon, orders, currency } = loaderData;
  return (
    <section className="space-y-8">
      <h1 className="text-3xl font-semibold">
        {id === null ? t("backOffice.coupons.add") : t("backOffice.coupons.edit", { code: coupon.code })}
      </h1>
      <CouponForm key={id ?? "new"} id={id} coupon={coupon} currency={currency} />
      {id !== null && <CouponOrders orders={orders} />}
    </section>
  );
}

import { data } from "react-router";
import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { CouponForm } from "../../../features/admin/coupons/coupon-form.tsx";
import { CouponOrders } from "../../../features/admin/coupons/coupon-orders.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  couponForAdmin,
  newCouponDraft,
  ordersUsingCoupon,
} from "../../../services/coupons/coupons-admin.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await staffRequest(context, request, "administrator");
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

export const meta = () => backOfficeMeta("Coupon");

/** `/admin/coupons/new` and `/admin/coupons/{id}`: a coupon's form and the orders that used it. */
export default function BackOfficeCoupon({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, coupon, orders, currency } = loaderData;
  return (
    <BackOfficePage
      title={id === null ? t("backOffice.coupons.add") : t("backOffice.coupons.edit", { code: coupon.code })}
      back={{ to: "/admin/coupons", label: t("backOffice.coupons.back") }}
    >
      <div className="space-y-8">
        <CouponForm key={id ?? "new"} id={id} coupon={coupon} currency={currency} />
        {id !== null && <CouponOrders orders={orders} />}
      </div>
    </BackOfficePage>
  );
}

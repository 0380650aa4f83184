import { CheckoutForm } from "../../features/checkout/checkout-form.tsx";
import { CouponForm } from "../../features/coupons/coupon-form.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadCheckout, submitCheckout } from "./checkout-page.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadCheckout(context);
}

export async function action({ context, request }: Route.ActionArgs) {
  return submitCheckout(context, request);
}

export function meta() {
  return [{ title: "Checkout" }, { name: "robots", content: "noindex" }];
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("checkout.title")}</h1>
      <CouponForm coupons={loaderData.coupons} returnTo="/checkout" />
      <CheckoutForm data={loaderData} result={actionData} />
    </section>
  );
}

import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import { cartHeaders } from "../../services/cart/cart-session.server.ts";
import {
  applyShopperCoupon,
  couponShopper,
  removeShopperCoupon,
} from "../../services/coupons/coupon-session.server.ts";
import { safeRedirectPath } from "../../services/shared/redirects.server.ts";

/**
 * The coupon forms' plain posts (`intent=apply_coupon|remove_coupon`, `coupon_code`), from the cart
 * page or the checkout (`redirect_to`): the change, its notice, and back to the page.
 */
export async function handleCouponAction(
  context: AppLoadContext,
  request: Request,
  intent: "apply_coupon" | "remove_coupon",
  fields: Record<string, string>,
): Promise<never> {
  const shopper = couponShopper(context);
  const code = fields.coupon_code ?? "";
  const answer =
    intent === "apply_coupon"
      ? await applyShopperCoupon(shopper, code)
      : await removeShopperCoupon(shopper, code);
  await context.session.pushNotice(answer.notice);
  const back = safeRedirectPath(fields.redirect_to, "/cart");
  throw redirect(back === "/checkout" ? "/checkout" : "/cart", {
    headers: await cartHeaders(context, request),
  });
}

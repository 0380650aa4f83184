import type { AppContext } from "../context.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { escapeHtml } from "../lib/escape-html.ts";
import type { Notice } from "../lib/notices.ts";
import {
  applyShopperCoupon,
  couponShopper,
  removeShopperCoupon,
} from "../services/coupons/coupon-session.server.ts";
import type { CallHandler, CallResult } from "./calls.server.ts";

/**
 * `POST /?wc-ajax=apply_coupon` (`coupon_code`) and `remove_coupon` (`coupon`), as `WC_AJAX` answers
 * them: the notice as WooCommerce prints it (`wc_print_notices`), and nothing kept for the next page.
 */

/** A notice as WooCommerce's notice templates write it. */
export function noticeHtml(notice: Notice, locale: AppContext["locale"]): string {
  const text = escapeHtml(createI18n(locale).t(notice.message, notice.params));
  if (notice.type === "error") return `<ul class="woocommerce-error" role="alert"><li>${text}</li></ul>`;
  const kind = notice.type === "success" ? "woocommerce-message" : "woocommerce-info";
  return `<div class="${kind}" role="alert">${text}</div>`;
}

const applyCouponCall: CallHandler = async (context, input): Promise<CallResult> => {
  const answer = await applyShopperCoupon(couponShopper(context), input.coupon_code ?? "");
  return { html: noticeHtml(answer.notice, context.locale) };
};

const removeCouponCall: CallHandler = async (context, input): Promise<CallResult> => {
  const answer = await removeShopperCoupon(couponShopper(context), input.coupon ?? input.coupon_code ?? "");
  return { html: noticeHtml(answer.notice, context.locale) };
};

export const couponWcAjax: Record<string, CallHandler> = {
  apply_coupon: applyCouponCall,
  remove_coupon: removeCouponCall,
};

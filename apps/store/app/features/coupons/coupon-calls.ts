import { cartConfig } from "../cart/cart-client.ts";
import { endpointUrl } from "../cart/cart-config.ts";

export type CouponCallAnswer = { ok: boolean; message: string };

/**
 * `?wc-ajax=apply_coupon` / `remove_coupon`: WooCommerce answers the notice's HTML; its text and
 * whether it is an error are what the page shows. Null without the cart client (the form then posts).
 */
export async function requestCouponChange(
  kind: "apply" | "remove",
  code: string,
): Promise<CouponCallAnswer | null> {
  const config = cartConfig();
  if (!config) return null;
  const fields: Record<string, string> = kind === "apply" ? { coupon_code: code } : { coupon: code };
  try {
    const response = await fetch(endpointUrl(config, `${kind}_coupon`), {
      method: "POST",
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
    if (!response.ok) return null;
    const html = new DOMParser().parseFromString(await response.text(), "text/html");
    return {
      ok: html.querySelector(".woocommerce-error") === null,
      message: html.body.textContent?.trim() ?? "",
    };
  } catch {
    return null;
  }
}

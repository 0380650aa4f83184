import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { z } from "zod";
import { CartError } from "../../services/cart/cart.server.ts";
import { cartHeaders, REMOVE_ITEM_NONCE } from "../../services/cart/cart-session.server.ts";
import { verifyNonce } from "../../services/shared/nonce.server.ts";
import { safeRedirectPath } from "../../services/shared/redirects.server.ts";
import { handleCouponAction } from "./coupon-action.server.ts";

const intentSchema = z.enum(["add", "update", "apply_coupon", "remove_coupon"]).optional();

/** The cart's plain-form mutations: add (from any page), change quantities, remove a line. */
export async function handleCartAction(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const fields = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === "string"),
  ) as Record<string, string>;
  const { session, cart } = context;
  const intent = intentSchema.safeParse(fields.intent);
  if (!intent.success)
    throw data({ code: "invalid_request", message: "Unknown cart action." }, { status: 400 });

  if (intent.data === "add") {
    const back = safeRedirectPath(refererPath(request), "/cart");
    // A grouped product's form sends a quantity per child (`quantity[{id}]`, as WooCommerce's).
    const quantities = Object.entries(fields).flatMap(([name, value]) => {
      const child = /^quantity\[(\d{1,10})\]$/.exec(name)?.[1];
      return child === undefined ? [] : [[child, value.trim() === "" ? "0" : value] as const];
    });
    const result =
      quantities.length > 0
        ? await cart.addGrouped({
            productId: fields.product_id ?? "",
            quantities: Object.fromEntries(quantities),
          })
        : await cart.add({
            productId: fields.product_id ?? "",
            variationId: fields.variation_id,
            quantity: fields.quantity,
          });
    if (!result.ok && ["invalid_request", "invalid_quantity"].includes(result.error.code))
      throw data({ code: "invalid_request", message: "Invalid add-to-cart request." }, { status: 400 });
    if (!result.ok) {
      await session.pushNotice(cartErrorNotice(result.error, result.name));
      const productPath = result.error.details.slug ? `/product/${result.error.details.slug}` : back;
      throw redirect(result.error.code === "product_not_found" ? back : productPath, {
        headers: await cartHeaders(context, request),
      });
    }
    // 'Buy now' goes straight to the checkout with the product in the cart.
    if (fields.buy_now === "1") throw redirect("/checkout", { headers: await cartHeaders(context, request) });
    // "Go to the cart after a product is added" holds for every add, the product page's form too,
    // as WooCommerce's form handler redirects from both.
    const next = context.settings.cart_redirect_after_add === "yes" ? "/cart" : back;
    const count = (result as { count?: number }).count ?? 1;
    await session.pushNotice({
      type: "success",
      message: count > 1 ? "cart.groupedAdded" : "cart.added",
      params: { name: result.name, count: String(count), cartLink: next === "/cart" ? "no" : "yes" },
    });
    throw redirect(next, { headers: await cartHeaders(context, request) });
  }

  if (intent.data === "apply_coupon" || intent.data === "remove_coupon")
    return handleCouponAction(context, request, intent.data, fields);

  if (!(await session.get())) throw redirect("/cart");

  if (fields.remove !== undefined) {
    const result = await cart.remove({ key: fields.remove });
    if (!result.ok && result.error.code === "invalid_request")
      throw data({ code: "invalid_cart_item_key", message: "Unknown cart item." }, { status: 400 });
    await session.pushNotice(
      result.ok
        ? { type: "success", message: "cart.removed", params: { name: result.name } }
        : cartErrorNotice(result.error, null),
    );
    throw redirect("/cart", { headers: await cartHeaders(context, request) });
  }

  if (intent.data !== "update") {
    throw data({ code: "invalid_request", message: "Unknown cart action." }, { status: 400 });
  }
  const { cart: current } = await cart.current();
  for (const line of current.lines) {
    const raw = fields[`cart[${line.key}][qty]`];
    if (raw === undefined || raw === String(line.quantity)) continue;
    const result = await cart.setQuantity({ key: line.key, quantity: raw });
    if (!result.ok) await session.pushNotice(cartErrorNotice(result.error, line.name));
  }
  await session.pushNotice({ type: "success", message: "cart.updated" });
  throw redirect("/cart", { headers: await cartHeaders(context, request) });
}

function cartErrorNotice(error: CartError, name: string | null) {
  return {
    type: "error" as const,
    message: `cart.errors.${error.code}`,
    params: { name: name ?? "", available: String(error.details.available ?? 0) },
  };
}

function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === new URL(request.url).origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** `GET /cart?remove_item=KEY&_wpnonce=N`: removes the line when the nonce is this session's, then redirects. */
export async function removeItemFromLink(
  context: AppLoadContext,
  request: Request,
  url: URL,
): Promise<never> {
  const { session } = context;
  const current = await session.get();
  const nonce = url.searchParams.get("_wpnonce") ?? "";
  if (current && verifyNonce(current.nonceSecret, REMOVE_ITEM_NONCE, nonce)) {
    const result = await context.cart.remove({ key: url.searchParams.get("remove_item") ?? "" });
    await session.pushNotice(
      result.ok
        ? { type: "success", message: "cart.removed", params: { name: result.name } }
        : cartErrorNotice(
            result.error.code === "invalid_request" ? new CartError("line_not_found") : result.error,
            null,
          ),
    );
  } else if (current) {
    await session.pushNotice({ type: "error", message: "cart.errors.line_not_found" });
  }
  throw redirect("/cart", { headers: await cartHeaders(context, request) });
}

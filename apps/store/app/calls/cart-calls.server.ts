import type { Request } from "express";
import type { AppContext } from "../context.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import type { CartResult } from "../services/cart/cart-client.server.ts";
import type { AjaxAction, CallHandler, CallInput, CallResult } from "./calls.server.ts";
import { cartAnswer } from "./cart-fragments.server.tsx";

const secure = (request: Request) => request.protocol === "https";

function invalid(message: string, extra: Record<string, unknown> = {}): CallResult {
  return { status: 400, json: { ...extra, code: "invalid_request", message, data: { status: 400 } } };
}
const malformed = (result: CartResult) =>
  !result.ok && (result.error.code === "invalid_request" || result.error.code === "invalid_quantity");

async function answer(
  context: AppContext,
  request: Request,
  extra: Record<string, unknown> = {},
): Promise<CallResult> {
  const { session, cart } = await context.cart.current();
  const { cookies, ...body } = await cartAnswer(context, session, cart, secure(request));
  return { json: { ...extra, ...body }, headers: { "Set-Cookie": cookies } };
}

/** `attribute_{slug}` fields, as the variation form and the spec's button data send them. */
function chosenAttributes(input: CallInput): Record<string, string> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([key, value]) => key.startsWith("attribute_") && value !== "")
      .map(([key, value]) => [key.slice("attribute_".length).replace(/^pa_/, ""), value]),
  );
}

const addToCartCall: CallHandler = async (context, input, request) => {
  const result = await context.cart.add({
    productId: input.product_id ?? "",
    quantity: input.quantity,
    variationId: input.variation_id,
    attributes: chosenAttributes(input),
  });
  if (malformed(result)) return invalid("A product id and a valid quantity are required.", { error: true });
  if (!result.ok) {
    const { error } = result;
    // The shopper must fix this on the product page (choose options, fewer items): send them there.
    // A product that is never a cart line (external, a grouped one itself) is refused outright.
    const never = error.code === "not_purchasable" || error.code === "choose_products";
    return {
      ...(never ? { status: 400 } : {}),
      json: {
        error: true,
        product_url: error.details.slug ? `${context.config.publicUrl}/product/${error.details.slug}` : "",
        message: createI18n(context.locale).t(`cart.errors.${error.code}`, {
          name: "",
          available: error.details.available ?? 0,
        }),
      },
    };
  }
  return answer(context, request);
};

const removeFromCartCall: CallHandler = async (context, input, request) => {
  const result = await context.cart.remove({ key: input.cart_item_key ?? "" });
  if (malformed(result)) return invalid("A valid cart_item_key is required.", { error: true });
  if (!result.ok) {
    return {
      status: 404,
      json: {
        error: true,
        code: "invalid_cart_item_key",
        message: "That item is not in the cart.",
        data: { status: 404 },
      },
    };
  }
  return answer(context, request);
};

const refreshFragmentsCall: CallHandler = async (context, _input, request) => answer(context, request);

const alterQuantityCall: CallHandler = async (context, input, request) => {
  const result = await context.cart.setQuantity({
    key: input.cart_item_key ?? "",
    quantity: input.quantity ?? "",
  });
  if (malformed(result))
    return invalid("A valid cart_item_key and quantity are required.", { success: false });
  if (!result.ok) {
    const status = result.error.code === "line_not_found" ? 404 : 409;
    return {
      status,
      json: {
        success: false,
        code: result.error.code,
        message: createI18n(context.locale).t(`cart.errors.${result.error.code}`, {
          name: result.name,
          available: result.error.details.available ?? 0,
        }),
        data: { status },
      },
    };
  }
  return answer(context, request, { success: true });
};

export const cartWcAjax: Record<string, CallHandler> = {
  add_to_cart: addToCartCall,
  remove_from_cart: removeFromCartCall,
  get_refreshed_fragments: refreshFragmentsCall,
};

export const cartAjax: Record<string, AjaxAction> = {
  vitrine_ajax_cart_item_alter_quantity: { methods: ["POST"], handler: alterQuantityCall },
};

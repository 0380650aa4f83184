import type { Request } from "express";
import { z } from "zod";
import type { AppContext } from "../context.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import {
  addToCart,
  CartError,
  loadCart,
  MAX_LINE_QUANTITY,
  removeLine,
  setLineQuantity,
} from "../services/cart.server.ts";
import { cartAnswer, currentCart, ownerOf } from "../services/cart-session.server.ts";
import { variationFromAttributes } from "../services/catalogue.server.ts";
import type { AjaxAction, CallHandler, CallInput, CallResult } from "./calls.server.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const cartItemKey = z.string().regex(/^[a-f0-9]{32}$/);
const addSchema = z.object({
  product_id: id,
  quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
  variation_id: z
    .union([z.literal(""), z.literal("0")])
    .transform(() => null)
    .or(id)
    .optional(),
});
const alterSchema = z.object({
  cart_item_key: cartItemKey,
  quantity: z.coerce.number().int().min(0).max(MAX_LINE_QUANTITY),
});

const secure = (request: Request) => request.protocol === "https";
const origin = (request: Request) => `${request.protocol}://${request.get("host")}`;

function invalid(message: string, extra: Record<string, unknown> = {}): CallResult {
  return { status: 400, json: { ...extra, code: "invalid_request", message, data: { status: 400 } } };
}

async function answer(
  context: AppContext,
  request: Request,
  extra: Record<string, unknown> = {},
): Promise<CallResult> {
  const { session, cart } = await currentCart(context);
  const { cookies, ...body } = cartAnswer(context, session, cart, secure(request));
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
  const parsed = addSchema.safeParse(input);
  if (!parsed.success) return invalid("A product id and a valid quantity are required.", { error: true });
  const session = await context.session.getOrCreate();
  const chosen = chosenAttributes(input);
  const variationId =
    parsed.data.variation_id ??
    (Object.keys(chosen).length > 0
      ? await variationFromAttributes(context.db, parsed.data.product_id, chosen)
      : null);
  try {
    await addToCart(context.db, ownerOf(session), {
      productId: parsed.data.product_id,
      variationId,
      quantity: parsed.data.quantity,
    });
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    // The shopper must fix this on the product page (choose options, fewer items): send them there.
    return {
      json: {
        error: true,
        product_url: error.details.slug ? `${origin(request)}/product/${error.details.slug}` : "",
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
  const key = cartItemKey.safeParse(input.cart_item_key);
  if (!key.success) return invalid("A valid cart_item_key is required.", { error: true });
  const session = await context.session.get();
  try {
    if (!session) throw new CartError("line_not_found");
    await removeLine(context.db, ownerOf(session), key.data);
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
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
  const parsed = alterSchema.safeParse(input);
  if (!parsed.success) return invalid("A valid cart_item_key and quantity are required.", { success: false });
  const session = await context.session.get();
  try {
    if (!session) throw new CartError("line_not_found");
    await setLineQuantity(context.db, ownerOf(session), parsed.data.cart_item_key, parsed.data.quantity);
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    const status = error.code === "line_not_found" ? 404 : 409;
    const line = session
      ? (await loadCart(context.db, ownerOf(session), context.locale)).lines.find(
          (l) => l.key === parsed.data.cart_item_key,
        )
      : undefined;
    return {
      status,
      json: {
        success: false,
        code: error.code,
        message: createI18n(context.locale).t(`cart.errors.${error.code}`, {
          name: line?.name ?? "",
          available: error.details.available ?? 0,
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

import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  addToCart,
  CartError,
  type CartOwner,
  loadCart,
  MAX_LINE_QUANTITY,
  removeLine,
  setLineQuantity,
} from "../../services/cart.server.ts";
import { cartHeaders, REMOVE_ITEM_NONCE } from "../../services/cart-session.server.ts";
import { productName } from "../../services/catalogue.server.ts";
import { verifyNonce } from "../../services/nonce.server.ts";
import { safeRedirectPath } from "../../services/redirects.server.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const quantity = z.coerce.number().int().min(0).max(MAX_LINE_QUANTITY);
const key = z.string().regex(/^[a-f0-9]{32}$/);

const addSchema = z.object({
  intent: z.literal("add"),
  product_id: id,
  variation_id: z.union([z.literal("").transform(() => null), id]).optional(),
  quantity: quantity.pipe(z.number().min(1)).default(1),
});
const removeSchema = z.object({ remove: key });
const updateSchema = z.object({ intent: z.literal("update") });

/** The cart's plain-form mutations: add (from any page), change quantities, remove a line. */
export async function handleCartAction(context: AppLoadContext, request: Request) {
  const form = await request.formData();
  const fields = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === "string"),
  ) as Record<string, string>;
  const { db, session, locale } = context;

  if (fields.intent === "add") {
    const parsed = addSchema.safeParse(fields);
    if (!parsed.success)
      throw data({ code: "invalid_request", message: "Invalid add-to-cart request." }, { status: 400 });
    const current = await session.getOrCreate();
    const owner: CartOwner = { sessionId: current.id, userId: current.userId };
    const back = safeRedirectPath(refererPath(request), "/cart");
    const name = await productName(db, parsed.data.product_id, locale);
    try {
      await addToCart(db, owner, {
        productId: parsed.data.product_id,
        variationId: parsed.data.variation_id ?? null,
        quantity: parsed.data.quantity,
      });
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      await session.pushNotice(cartErrorNotice(error, name));
      const productPath = error.details.slug ? `/product/${error.details.slug}` : back;
      throw redirect(error.code === "product_not_found" ? back : productPath, {
        headers: await cartHeaders(context, request),
      });
    }
    // 'Buy now' goes straight to the checkout with the product in the cart.
    if (fields.buy_now === "1") throw redirect("/checkout", { headers: await cartHeaders(context, request) });
    await session.pushNotice({
      type: "success",
      message: "cart.added",
      params: { name: name ?? "", cartLink: back === "/cart" ? "no" : "yes" },
    });
    throw redirect(back, { headers: await cartHeaders(context, request) });
  }

  const current = await session.get();
  if (!current) throw redirect("/cart");
  const owner: CartOwner = { sessionId: current.id, userId: current.userId };

  if (fields.remove !== undefined) {
    const parsed = removeSchema.safeParse(fields);
    if (!parsed.success)
      throw data({ code: "invalid_cart_item_key", message: "Unknown cart item." }, { status: 400 });
    const cart = await loadCart(db, owner, locale);
    const line = cart.lines.find((candidate) => candidate.key === parsed.data.remove);
    try {
      await removeLine(db, owner, parsed.data.remove);
      await session.pushNotice({
        type: "success",
        message: "cart.removed",
        params: { name: line?.name ?? "" },
      });
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      await session.pushNotice(cartErrorNotice(error, null));
    }
    throw redirect("/cart", { headers: await cartHeaders(context, request) });
  }

  if (!updateSchema.safeParse(fields).success) {
    throw data({ code: "invalid_request", message: "Unknown cart action." }, { status: 400 });
  }
  const cart = await loadCart(db, owner, locale);
  for (const line of cart.lines) {
    const raw = fields[`cart[${line.key}][qty]`];
    if (raw === undefined) continue;
    const parsed = quantity.safeParse(raw);
    if (!parsed.success) {
      await session.pushNotice({ type: "error", message: "cart.errors.invalid_quantity" });
      continue;
    }
    if (parsed.data === line.quantity) continue;
    try {
      await setLineQuantity(db, owner, line.key, parsed.data);
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      await session.pushNotice(cartErrorNotice(error, line.name));
    }
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
  const parsed = key.safeParse(url.searchParams.get("remove_item"));
  const nonce = url.searchParams.get("_wpnonce") ?? "";
  if (current && parsed.success && verifyNonce(current.nonceSecret, REMOVE_ITEM_NONCE, nonce)) {
    const owner: CartOwner = { sessionId: current.id, userId: current.userId };
    const line = (await loadCart(context.db, owner, context.locale)).lines.find(
      (candidate) => candidate.key === parsed.data,
    );
    try {
      await removeLine(context.db, owner, parsed.data);
      await session.pushNotice({
        type: "success",
        message: "cart.removed",
        params: { name: line?.name ?? "" },
      });
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      await session.pushNotice(cartErrorNotice(error, null));
    }
  } else if (current) {
    await session.pushNotice({ type: "error", message: "cart.errors.line_not_found" });
  }
  throw redirect("/cart", { headers: await cartHeaders(context, request) });
}

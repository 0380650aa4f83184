import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { jsonBody } from "../../server/input-guard.server.ts";
import type { AppContext } from "../context.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { type CartView, MAX_LINE_QUANTITY } from "../lib/cart.ts";
import { backorderNotice, backordersAllowed } from "../lib/stock-rules.ts";
import type { CartErrorCode } from "../services/cart/cart.server.ts";
import type { CartClient, CartResult } from "../services/cart/cart-client.server.ts";
import { cartCookies } from "../services/cart/cart-cookies.server.ts";
import {
  applyShopperCoupon,
  couponShopper,
  removeShopperCoupon,
} from "../services/coupons/coupon-session.server.ts";

/** The Store API's JSON types, part of its contract: ids and quantities are numbers, not strings. */
const id = z.number().int().positive().max(2_147_483_647);
const quantity = z.number().int().min(0).max(MAX_LINE_QUANTITY);
const key = z.string();
const schemas = {
  add: z.object({ id, quantity: quantity.min(1).default(1), variation_id: id.optional() }),
  update: z.object({ key, quantity }),
  remove: z.object({ key }),
};

const errorCodes: Record<CartErrorCode, { status: number; code: string }> = {
  product_not_found: { status: 400, code: "woocommerce_rest_cart_invalid_product" },
  choose_variation: { status: 400, code: "woocommerce_rest_cart_invalid_variation" },
  out_of_stock: { status: 400, code: "woocommerce_rest_product_out_of_stock" },
  not_enough_stock: { status: 400, code: "woocommerce_rest_product_partially_out_of_stock" },
  line_not_found: { status: 404, code: "woocommerce_rest_cart_invalid_key" },
  invalid_quantity: { status: 400, code: "rest_invalid_param" },
  invalid_request: { status: 400, code: "rest_invalid_param" },
  // An external product, or a grouped one itself: WooCommerce's "cannot be purchased" (decision 0076).
  not_purchasable: { status: 400, code: "woocommerce_rest_cart_product_is_not_purchasable" },
  choose_products: { status: 400, code: "woocommerce_rest_cart_product_is_not_purchasable" },
};

/** The Store API's cart routes (`/api/store/v1/cart…`): JSON onto the request's cart, `context.cart`. */
export function storeCartRouter(makeContext: (req: Request, res: Response) => AppContext): Router {
  const router = express.Router();
  router.use(jsonBody("32kb"));

  router.get("/cart", async (req, res, next) => {
    try {
      const context = makeContext(req, res);
      await send(context, req, res);
    } catch (error) {
      next(error);
    }
  });

  const mutation =
    <S extends z.ZodType>(schema: S, run: (cart: CartClient, input: z.infer<S>) => Promise<CartResult>) =>
    async (req: Request, res: Response, next: (error?: unknown) => void) => {
      const parsed = schema.safeParse(req.body ?? {});
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? "body");
        return fail(res, 400, "rest_invalid_param", `Invalid parameter: ${field}`);
      }
      try {
        const context = makeContext(req, res);
        const result = await run(context.cart, parsed.data);
        if (!result.ok) {
          const mapped = errorCodes[result.error.code];
          const message = createI18n(context.locale).t(`cart.errors.${result.error.code}`, {
            name: "",
            available: result.error.details.available ?? 0,
          });
          return fail(res, mapped.status, mapped.code, message, context);
        }
        await send(context, req, res);
      } catch (error) {
        next(error);
      }
    };

  router.post(
    "/cart/add-item",
    mutation(schemas.add, (cart, input) =>
      cart.add({ productId: input.id, variationId: input.variation_id ?? null, quantity: input.quantity }),
    ),
  );
  router.post(
    "/cart/update-item",
    mutation(schemas.update, (cart, input) => cart.setQuantity(input)),
  );
  router.post(
    "/cart/remove-item",
    mutation(schemas.remove, (cart, input) => cart.remove(input)),
  );
  router.post("/cart/apply-coupon", couponRoute(makeContext, "apply"));
  router.post("/cart/remove-coupon", couponRoute(makeContext, "remove"));
  router.use((_req, res) =>
    fail(res, 404, "rest_no_route", "No route was found matching the URL and request method."),
  );
  return router;
}

async function send(context: AppContext, req: Request, res: Response) {
  const { cart } = await context.cart.current();
  res.setHeader("Cache-Control", "private, no-store");
  res.append("Set-Cookie", [
    ...context.session.headers().getSetCookie(),
    ...cartCookies(cart, req.protocol === "https"),
  ]);
  res.json(cartJson(cart, context.settings.currency));
}

function fail(res: Response, status: number, code: string, message: string, context?: AppContext) {
  if (context) res.append("Set-Cookie", context.session.headers().getSetCookie());
  res.status(status).json({ code, message, data: { status } });
}

/** The cart as the Store API writes it: prices as strings in minor units, with the currency. */
export function cartJson(cart: CartView, currency: string) {
  const money = { currency_code: currency, currency_minor_unit: 2 };
  return {
    items: cart.lines.map((line) => ({
      key: line.key,
      id: line.variationId ?? line.productId,
      product_id: line.productId,
      variation_id: line.variationId,
      quantity: line.quantity,
      quantity_limits: { minimum: 1, maximum: line.maxQuantity ?? MAX_LINE_QUANTITY, multiple_of: 1 },
      name: line.name,
      // WooCommerce's Store API cart item (decision 0080): the stock left when low, whether the item
      // may be backordered, and whether the line is to say "Available on backorder".
      low_stock_remaining: line.lowStockRemaining,
      backorders_allowed: backordersAllowed(line),
      show_backorder_badge: backorderNotice(line, line.quantity),
      permalink: `/product/${line.slug}`,
      variation: line.attributes.map((attribute) => ({ attribute: attribute.label, value: attribute.value })),
      images: line.image
        ? [{ id: line.image.id, src: line.image.large, thumbnail: line.image.src, alt: line.image.alt }]
        : [],
      // The unit price as the cart shows it (with or without tax, by the store's settings).
      prices: {
        price: String(line.displayPrice),
        regular_price: String(line.regularPrice),
        sale_price: String(line.unitPrice),
        ...money,
      },
      // The totals engine's figures (decision 0066): before and after discounts, each with its tax.
      totals: {
        line_subtotal: String(line.subtotal),
        line_subtotal_tax: String(line.subtotalTax),
        line_total: String(line.discountedTotal),
        line_total_tax: String(line.discountedTax),
        ...money,
      },
    })),
    coupons: cart.totals.coupons.map((coupon) => ({
      code: coupon.code,
      totals: {
        total_discount: String(coupon.discount),
        total_discount_tax: String(coupon.discountTax),
        ...money,
      },
    })),
    items_count: cart.itemCount,
    items_hash: cart.hash,
    totals: totalsJson(cart.totals, money),
    errors: [],
  };
}

/** The cart's totals in the Store API's shape, every figure the engine's. */
function totalsJson(
  totals: CartView["totals"],
  money: { currency_code: string; currency_minor_unit: number },
) {
  return {
    total_items: String(totals.subtotal),
    total_items_tax: String(totals.subtotalTax),
    total_fees: "0",
    total_fees_tax: "0",
    total_discount: String(totals.discountTotal),
    total_discount_tax: String(totals.discountTax),
    total_shipping: totals.shippingLabel === null ? null : String(totals.shippingTotal),
    total_shipping_tax: totals.shippingLabel === null ? null : String(totals.shippingTax),
    total_price: String(totals.total),
    total_tax: String(totals.totalTax),
    tax_lines: totals.taxLines.map((line) => ({ name: line.label, price: String(line.amount) })),
    ...money,
  };
}

/**
 * `POST /cart/apply-coupon` and `/cart/remove-coupon` with `{code}` (issue 41, decision 0068): the
 * cart, or WooCommerce's refusal (`woocommerce_rest_cart_coupon_error`; removing a code the cart does
 * not hold is `woocommerce_rest_cart_coupon_invalid_code`, 409).
 */
function couponRoute(makeContext: (req: Request, res: Response) => AppContext, kind: "apply" | "remove") {
  return async (req: Request, res: Response, next: (error?: unknown) => void) => {
    const parsed = z.object({ code: z.string().max(200) }).safeParse(req.body ?? {});
    if (!parsed.success) return fail(res, 400, "rest_missing_callback_param", "Missing parameter(s): code");
    try {
      const context = makeContext(req, res);
      const shopper = couponShopper(context);
      const answer =
        kind === "apply"
          ? await applyShopperCoupon(shopper, parsed.data.code)
          : await removeShopperCoupon(shopper, parsed.data.code);
      if (!answer.ok) {
        const message = createI18n(context.locale).t(answer.notice.message, answer.notice.params);
        if (kind === "remove")
          return fail(res, 409, "woocommerce_rest_cart_coupon_invalid_code", message, context);
        return fail(res, 400, "woocommerce_rest_cart_coupon_error", message, context);
      }
      await send(context, req, res);
    } catch (error) {
      next(error);
    }
  };
}

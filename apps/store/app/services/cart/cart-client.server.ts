import type { Database } from "@vitrine/db";
import { z } from "zod";
import type { Locale } from "../../i18n/i18n.ts";
import { type CartView, emptyCart, MAX_LINE_QUANTITY } from "../../lib/cart.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { variationFromAttributes } from "../catalogue/catalogue.server.ts";
import { applyPendingCoupons, couponShopper } from "../coupons/coupon-session.server.ts";
import type { RequestSession, Session } from "../shared/session.server.ts";
import type { SiteCache } from "../shared/site-cache.server.ts";
import {
  addGroupedToCart,
  addToCart,
  CartError,
  type CartErrorCode,
  type CartOwner,
  loadCart,
  removeLine,
  setLineQuantity,
} from "./cart.server.ts";
import { type PricedCart, priceCart } from "./cart-pricing.server.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const quantity = z.coerce.number().int().min(0).max(MAX_LINE_QUANTITY);
const lineKey = z.string().regex(/^[a-f0-9]{32}$/);
/** "" and "0" mean "no variation", as WooCommerce's forms send them. */
const variationId = z
  .union([z.literal(""), z.literal("0"), z.literal(0), z.null()])
  .transform(() => null)
  .or(id);

/**
 * The one input schema of each cart use case. Every entry point (the cart page's form action, the
 * `wc-ajax`/`/ajax` calls, the Store API) maps its own field names onto these and nothing else.
 */
export const cartInput = {
  add: z.object({
    productId: id,
    quantity: quantity.pipe(z.number().min(1)).default(1),
    variationId: variationId.default(null),
    /** `attribute_{slug}` choices, by attribute slug, when the variation is named by its options. */
    attributes: z.record(z.string().max(100), z.string().max(200)).default({}),
  }),
  /** A grouped product's children by id, each with its quantity (0: not chosen). */
  addGrouped: z.object({
    productId: id,
    quantities: z
      .record(z.string().regex(/^\d{1,10}$/), quantity)
      .refine((all) => Object.keys(all).length <= 100),
  }),
  setQuantity: z.object({ key: lineKey, quantity }),
  remove: z.object({ key: lineKey }),
};

/** What a cart use case answers: done (with the product's name, for notices), or why not. */
export type CartResult = { ok: true; name: string } | { ok: false; error: CartError; name: string };

export type CartClient = {
  /** The shopper's session, if any, and their cart (the empty cart without a session; none is made). */
  current(): Promise<{ session: Session | null; cart: CartView }>;
  /**
   * The same, with what pricing it read (the applied coupons, the engine's input), for the pages
   * that show or compute more than the cart: null for an empty cart.
   */
  priced(): Promise<{ session: Session | null; cart: CartView; priced: PricedCart | null }>;
  add(input: z.input<typeof cartInput.add>): Promise<CartResult>;
  /** Adds a grouped product's chosen children together; `name` is the names added, joined. */
  addGrouped(input: z.input<typeof cartInput.addGrouped>): Promise<CartResult & { count?: number }>;
  /** Sets a line's quantity; 0 removes it. */
  setQuantity(input: z.input<typeof cartInput.setQuantity>): Promise<CartResult>;
  remove(input: z.input<typeof cartInput.remove>): Promise<CartResult>;
};

/**
 * The request's cart, as `context.cart` (in the manner of Hydrogen's `context.cart`): it resolves the
 * session and the cart's owner itself (an add makes a session; the other changes need one), checks
 * its input with one schema, and answers a typed result instead of throwing for what the shopper
 * can correct.
 */
export function createCartClient(context: {
  db: Database;
  session: RequestSession;
  locale: Locale;
  siteCache: SiteCache;
  settings: Pick<StoreSettings, "currency" | "taxes" | "address">;
}): CartClient {
  const { db, session, locale, siteCache } = context;
  const ownerOf = (current: Session): CartOwner => ({ sessionId: current.id, userId: current.userId });

  /** Runs a change that answers the product's name; a CartError becomes a refusal that carries it. */
  const attempt = async (change: () => Promise<{ name: string }>): Promise<CartResult> => {
    try {
      return { ok: true, name: (await change()).name };
    } catch (error) {
      if (error instanceof CartError) return { ok: false, error, name: error.details.name ?? "" };
      throw error;
    }
  };
  const refused = (code: CartErrorCode, name = ""): CartResult => ({
    ok: false,
    error: new CartError(code),
    name,
  });

  const priced: CartClient["priced"] = async () => {
    const current = await session.get();
    if (!current) return { session: current, cart: emptyCart, priced: null };
    const owner = ownerOf(current);
    const cart = await loadCart(db, owner, locale, { cache: siteCache });
    if (cart.lines.length === 0) return { session: current, cart, priced: null };
    // Every cart the shopper sees is priced by the totals engine (decision 0066).
    const pricedCart = await priceCart(context, owner, cart);
    return { session: current, cart: pricedCart.cart, priced: pricedCart };
  };

  return {
    priced,

    async current() {
      const { session: current, cart } = await priced();
      return { session: current, cart };
    },

    async add(input) {
      const parsed = cartInput.add.safeParse(input);
      if (!parsed.success)
        return refused(quantityIssue(parsed.error) ? "invalid_quantity" : "invalid_request");
      const { productId, quantity, attributes } = parsed.data;
      const owner = ownerOf(await session.getOrCreate());
      const variation =
        parsed.data.variationId ??
        (Object.keys(attributes).length > 0
          ? await variationFromAttributes(db, productId, attributes)
          : null);
      // Each change reads the product's name in the statements it sends anyway; a refusal carries it.
      const result = await attempt(() =>
        addToCart(db, owner, { productId, variationId: variation, quantity, locale }),
      );
      // Codes applied before there was a cart are applied now (decision 0068).
      if (result.ok) await applyPendingCoupons(couponShopper(context));
      return result;
    },

    async addGrouped(input) {
      const parsed = cartInput.addGrouped.safeParse(input);
      if (!parsed.success)
        return refused(quantityIssue(parsed.error) ? "invalid_quantity" : "invalid_request");
      const quantities = new Map(
        Object.entries(parsed.data.quantities).map(([childId, count]) => [Number(childId), count]),
      );
      const owner = ownerOf(await session.getOrCreate());
      let count = 0;
      const result = await attempt(async () => {
        const { names } = await addGroupedToCart(db, owner, {
          productId: parsed.data.productId,
          quantities,
          locale,
        });
        count = names.length;
        return { name: names.join(", ") };
      });
      if (result.ok) await applyPendingCoupons(couponShopper(context));
      return { ...result, count };
    },

    async setQuantity(input) {
      const parsed = cartInput.setQuantity.safeParse(input);
      if (!parsed.success)
        return refused(quantityIssue(parsed.error) ? "invalid_quantity" : "invalid_request");
      const current = await session.get();
      if (!current) return refused("line_not_found");
      const { key, quantity } = parsed.data;
      return attempt(() => setLineQuantity(db, ownerOf(current), key, quantity, locale));
    },

    async remove(input) {
      const parsed = cartInput.remove.safeParse(input);
      if (!parsed.success) return refused("invalid_request");
      const current = await session.get();
      if (!current) return refused("line_not_found");
      return attempt(() => removeLine(db, ownerOf(current), parsed.data.key, locale));
    },
  };
}

function quantityIssue(error: z.ZodError): boolean {
  return error.issues.some((issue) => issue.path[0] === "quantity");
}

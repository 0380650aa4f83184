import { createHash } from "node:crypto";
import {
  attributes,
  attributeTerms,
  cartCoupons,
  cartLines,
  carts,
  coupons,
  type Database,
  orderCouponLines,
  orderLines,
  productImages,
  productLinks,
  products,
  selectRows,
  type Transaction,
  variationAttributes,
  variations,
} from "@vitrine/db";
import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type CartLineView, type CartView, emptyCart, MAX_LINE_QUANTITY, NO_TOTALS } from "../../lib/cart.ts";
import { type Backorders, backordersAllowed, purchaseLimit } from "../../lib/stock-rules.ts";
import { activeSaleOf } from "../catalogue/sale-dates.server.ts";
import { loadImages } from "../media/media.server.ts";
import type { SiteCache } from "../shared/site-cache.server.ts";
import {
  FALLBACK_LOCALE,
  lineProductTexts,
  pickTranslation,
  productTexts,
} from "../shared/translations.server.ts";

export { type CartLineView, type CartView, emptyCart, MAX_LINE_QUANTITY };

/** Whose cart: a guest session's, or a signed-in user's (which the session's merges into at login). */
export type CartOwner = { sessionId: string; userId: number | null };

export type CartErrorCode =
  | "product_not_found"
  | "choose_variation"
  | "out_of_stock"
  | "not_enough_stock"
  | "line_not_found"
  | "invalid_quantity"
  | "invalid_request"
  /** An external product: bought at another store, never a cart line (decision 0076). */
  | "not_purchasable"
  /** A grouped product: its children are added, each with its quantity, never the product itself. */
  | "choose_products";

/** A problem the shopper must fix; `available` says how many can still be added, `slug` where to fix it. */
export class CartError extends Error {
  override name = "CartError";
  constructor(
    readonly code: CartErrorCode,
    readonly details: { slug?: string; available?: number; name?: string } = {},
  ) {
    super(code);
  }
}

/** The spec's cart_item_key: the same product and variation always make the same key. */
export function cartItemKey(productId: number, variationId: number | null): string {
  return createHash("sha256")
    .update(`${productId}:${variationId ?? 0}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * The cart's row id and its owner, by row id: how an order placed from elsewhere (the express
 * wallet's signed call) finds the cart it was given, without ever holding the shopper's session id.
 */
export async function cartOwnerById(db: Database, cartId: number): Promise<CartOwner | null> {
  const [row] = await db
    .select({ sessionId: carts.sessionId, userId: carts.userId })
    .from(carts)
    .where(eq(carts.id, cartId));
  if (!row || (row.sessionId === null && row.userId === null)) return null;
  return { sessionId: row.sessionId ?? "", userId: row.userId };
}

/** The condition on `carts` that selects the owner's cart: a guest's by session, a user's by account. */
export function cartOf(owner: CartOwner): SQL {
  return owner.userId === null
    ? sql`${carts.sessionId} = ${owner.sessionId} and ${carts.userId} is null`
    : sql`${carts.userId} = ${owner.userId}`;
}

/** The owner's cart's id as a subquery (none or one row), for a statement over its lines. */
export function cartIdOf(db: Database | Transaction, owner: CartOwner) {
  return db.select({ id: carts.id }).from(carts).where(cartOf(owner));
}

export async function findCartId(db: Database | Transaction, owner: CartOwner): Promise<number | null> {
  const [row] = await cartIdOf(db, owner);
  return row?.id ?? null;
}

/**
 * The owner's cart, made if there is none, marked as changed now: one statement either way (an
 * insert that, on the owner's existing cart, touches its time of change instead).
 */
async function touchCart(tx: Transaction, owner: CartOwner): Promise<number> {
  const now = sql`now()`;
  const [row] = await (owner.userId === null
    ? tx
        .insert(carts)
        .values({ sessionId: owner.sessionId })
        // A session's cart is a guest's: a row of the session that has a user is not this owner's.
        .onConflictDoUpdate({
          target: carts.sessionId,
          set: { updatedAt: now },
          setWhere: isNull(carts.userId),
        })
    : tx
        .insert(carts)
        .values({ userId: owner.userId })
        .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: now } })
  ).returning({ id: carts.id });
  if (!row) throw new Error("the session's cart belongs to an account");
  return row.id;
}

type Purchasable = {
  productId: number;
  variationId: number | null;
  slug: string;
  /** The product's name in the shopper's language, for what the shopper is told. */
  name: string;
  stockQuantity: number | null;
  stockStatus: string;
  backorders: Backorders;
};

async function purchasable(
  db: Database | Transaction,
  productId: number,
  variationId: number | null,
  locale: string,
): Promise<Purchasable> {
  const [product] = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: productTexts.text("name", locale, sql`''`),
      type: products.type,
      stockQuantity: products.stockQuantity,
      stockStatus: products.stockStatus,
      backorders: products.backorders,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "publish")));
  if (!product) throw new CartError("product_not_found");
  if (product.type === "external")
    throw new CartError("not_purchasable", { slug: product.slug, name: product.name });
  if (product.type === "grouped")
    throw new CartError("choose_products", { slug: product.slug, name: product.name });
  if (product.type === "simple") {
    if (variationId !== null) throw new CartError("product_not_found", { slug: product.slug });
    return { ...product, productId: product.id, variationId: null };
  }
  const { slug, name } = product;
  if (variationId === null) throw new CartError("choose_variation", { slug, name });
  const [variation] = await db
    .select({
      id: variations.id,
      stockQuantity: variations.stockQuantity,
      stockStatus: variations.stockStatus,
      backorders: variations.backorders,
    })
    .from(variations)
    .where(and(eq(variations.id, variationId), eq(variations.productId, product.id)));
  if (!variation) throw new CartError("choose_variation", { slug, name });
  return {
    productId: product.id,
    variationId: variation.id,
    slug,
    name,
    stockQuantity: variation.stockQuantity,
    stockStatus: variation.stockStatus,
    backorders: variation.backorders,
  };
}

/**
 * WooCommerce's `is_in_stock()` and `has_enough_stock()`: a counted stock whose backorders are
 * allowed takes any quantity (decision 0080); without them, what is left and no more.
 */
function soldOut(item: Purchasable): boolean {
  if (item.stockStatus === "outofstock") return true;
  return item.stockQuantity !== null && item.stockQuantity <= 0 && !backordersAllowed(item);
}

function assertStock(item: Purchasable, wanted: number): void {
  if (soldOut(item)) {
    throw new CartError("out_of_stock", { slug: item.slug, name: item.name, available: 0 });
  }
  if (item.stockQuantity !== null && !backordersAllowed(item) && wanted > item.stockQuantity) {
    const { slug, name, stockQuantity: available } = item;
    throw new CartError("not_enough_stock", { slug, name, available });
  }
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    throw new CartError("invalid_quantity");
  }
}

/**
 * Adds to the owner's cart; answers the line's key and the product's name in `locale`, which its
 * refusals carry too (`details.name`), so no caller reads the name apart.
 *
 * After the product's read, the add is one statement: the cart's row made or touched and the line
 * written in one, where the line's new quantity must stay within the stock and the line's limit (a
 * quantity past them writes nothing). A cart read and two writes in a transaction took five round
 * trips; this takes two, which on the embedded database is most of an add's cost.
 */
export async function addToCart(
  db: Database | Transaction,
  owner: CartOwner,
  input: { productId: number; variationId: number | null; quantity: number; locale?: string },
): Promise<{ key: string; name: string }> {
  assertQuantity(input.quantity);
  const item = await purchasable(db, input.productId, input.variationId, input.locale ?? FALLBACK_LOCALE);
  assertStock(item, input.quantity);
  const key = cartItemKey(item.productId, item.variationId);
  const limit = Math.min(
    purchaseLimit({ quantity: item.stockQuantity, backorders: item.backorders }) ?? MAX_LINE_QUANTITY,
    MAX_LINE_QUANTITY,
  );
  const cart =
    owner.userId === null
      ? sql`insert into ${carts} (session_id) values (${owner.sessionId})
          on conflict (session_id) do update set updated_at = now() where ${carts.userId} is null
          returning id`
      : sql`insert into ${carts} (user_id) values (${owner.userId})
          on conflict (user_id) do update set updated_at = now()
          returning id`;
  const [line] = await selectRows<{ quantity: number }>(
    db,
    sql`with cart as (${cart})
      insert into ${cartLines} (cart_id, key, product_id, variation_id, quantity)
      select id, ${key}, ${item.productId}, ${item.variationId}, ${input.quantity} from cart
      on conflict (cart_id, key) do update set quantity = ${cartLines.quantity} + excluded.quantity
        where ${cartLines.quantity} + excluded.quantity <= ${limit}
      returning quantity`,
  );
  if (!line) {
    // Nothing written: the line would pass the stock or the line's limit, or the session's cart is an account's.
    const have = await lineQuantity(db, owner, key);
    if (have === null) throw new Error("the session's cart belongs to an account");
    assertStock(item, have + input.quantity);
    throw new CartError("invalid_quantity", { name: item.name });
  }
  return { key, name: item.name };
}

/**
 * Adds a grouped product's chosen children, each with its quantity (WooCommerce's `quantity[{id}]`),
 * all or none: one child refused (out of stock, not the group's) adds nothing. Answers the names
 * added; nothing chosen is `choose_products`.
 */
export async function addGroupedToCart(
  db: Database,
  owner: CartOwner,
  input: { productId: number; quantities: ReadonlyMap<number, number>; locale?: string },
): Promise<{ names: string[] }> {
  const locale = input.locale ?? FALLBACK_LOCALE;
  const [parent] = await db
    .select({
      slug: products.slug,
      type: products.type,
      name: productTexts.text("name", locale, products.slug),
      children: sql<number[]>`coalesce((select array_agg(${productLinks.linkedProductId})
        from ${productLinks} where ${productLinks.productId} = ${products.id} and ${productLinks.kind} = 'grouped'), '{}')`,
    })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.status, "publish")));
  if (parent?.type !== "grouped") throw new CartError("product_not_found");
  const chosen = [...input.quantities].filter(([, quantity]) => quantity > 0);
  if (chosen.length === 0) throw new CartError("choose_products", { slug: parent.slug, name: parent.name });
  const children = new Set(parent.children.map(Number));
  if (chosen.some(([childId]) => !children.has(childId)))
    throw new CartError("product_not_found", { slug: parent.slug, name: parent.name });
  return db.transaction(async (tx) => {
    const names: string[] = [];
    for (const [productId, quantity] of chosen)
      names.push((await addToCart(tx, owner, { productId, variationId: null, quantity, locale })).name);
    return { names };
  });
}

/** The quantity of one line of the owner's cart; null when the owner has no cart. */
async function lineQuantity(
  db: Database | Transaction,
  owner: CartOwner,
  key: string,
): Promise<number | null> {
  const cartId = await findCartId(db, owner);
  if (cartId === null) return null;
  const [line] = await db
    .select({ quantity: cartLines.quantity })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.key, key)));
  return line?.quantity ?? 0;
}

/** Sets a line's quantity; 0 removes it. */
/**
 * A line's product name in `locale` (else English, else its slug), as one column of a statement
 * over `cart_lines`: a quantity change and a removal answer it for their notices.
 */
function lineName(locale: string) {
  const slug = sql`(select ${products.slug} from ${products} where ${products.id} = ${cartLines.productId})`;
  // A fragment of its own: a statement on one table writes its list's top-level columns bare.
  return sql<string>`${lineProductTexts.text("name", locale, slug)}`;
}

/**
 * Sets a line's quantity (0 removes it) and answers its product's name in `locale`, which its
 * refusals carry too (`details.name`).
 */
export async function setLineQuantity(
  db: Database,
  owner: CartOwner,
  key: string,
  quantity: number,
  locale: string = FALLBACK_LOCALE,
): Promise<{ name: string }> {
  if (quantity === 0) return removeLine(db, owner, key, locale);
  assertQuantity(quantity);
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ ...getTableColumns(cartLines), name: lineName(locale) })
      .from(cartLines)
      .where(and(inArray(cartLines.cartId, cartIdOf(tx, owner)), eq(cartLines.key, key)));
    if (!line) throw new CartError("line_not_found");
    try {
      assertStock(await purchasable(tx, line.productId, line.variationId, locale), quantity);
    } catch (error) {
      // A refusal names the product as the cart shows it, even one no longer on sale.
      if (error instanceof CartError) throw new CartError(error.code, { ...error.details, name: line.name });
      throw error;
    }
    await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, line.id));
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, line.cartId));
    return { name: line.name };
  });
}

/** Removes a line and answers its product's name in `locale`, in one statement. */
export async function removeLine(
  db: Database,
  owner: CartOwner,
  key: string,
  locale: string = FALLBACK_LOCALE,
): Promise<{ name: string }> {
  const [removed] = await db
    .delete(cartLines)
    .where(and(inArray(cartLines.cartId, cartIdOf(db, owner)), eq(cartLines.key, key)))
    .returning({ name: lineName(locale) });
  if (!removed) throw new CartError("line_not_found");
  return removed;
}

/**
 * In the transaction of an order's payment (issue 42): what the order bought leaves the cart it came
 * from, which stayed while the shopper paid away. Each line loses the quantity bought of its product
 * (and variation) and goes at 0 or below; anything added since, or more of an item than was bought,
 * stays, and so does a coupon the order did not use. A cart gone since changes nothing.
 */
export async function takeBoughtLines(tx: Transaction, cartId: number, orderId: number): Promise<void> {
  const bought = sql`(select ${orderLines.productId} as product_id, ${orderLines.variationId} as variation_id, sum(${orderLines.quantity})::int as quantity
    from ${orderLines} where ${orderLines.orderId} = ${orderId} and ${orderLines.productId} is not null
    group by ${orderLines.productId}, ${orderLines.variationId}) as bought`;
  const sameItem = sql`${cartLines.cartId} = ${cartId} and ${cartLines.productId} = bought.product_id and ${cartLines.variationId} is not distinct from bought.variation_id`;
  await tx.execute(
    sql`delete from ${cartLines} using ${bought} where ${sameItem} and ${cartLines.quantity} <= bought.quantity`,
  );
  await tx.execute(
    sql`update ${cartLines} set quantity = ${cartLines.quantity} - bought.quantity from ${bought} where ${sameItem}`,
  );
  // The coupons the order used leave with it, as the lines do when an order is placed unpaid away.
  await tx
    .delete(cartCoupons)
    .where(
      and(
        eq(cartCoupons.cartId, cartId),
        inArray(
          cartCoupons.code,
          tx
            .select({ code: orderCouponLines.code })
            .from(orderCouponLines)
            .where(eq(orderCouponLines.orderId, orderId)),
        ),
      ),
    );
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function cartItemCount(db: Database, owner: CartOwner): Promise<number> {
  const cartId = await findCartId(db, owner);
  if (cartId === null) return 0;
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)`.mapWith(Number) })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return row?.count ?? 0;
}

export async function loadCart(
  db: Database,
  owner: CartOwner,
  locale: string,
  options: {
    /** false: without the lines' images (an order needs none: one statement fewer in its transaction). */
    images?: boolean;
    /** The process's site cache, for the pictures' views (as the catalogue's readers use it). */
    cache?: SiteCache;
  } = {},
): Promise<CartView> {
  // The owner's cart and its lines in one statement: no cart and an empty one read alike.
  const rows = await db
    .select({
      key: cartLines.key,
      quantity: cartLines.quantity,
      productId: products.id,
      slug: products.slug,
      variationId: cartLines.variationId,
      productRegular: products.regularPrice,
      // Sale prices within their sale dates only (decision 0079): the cart charges what the page shows.
      productSale: activeSaleOf(products),
      productStock: products.stockQuantity,
      productBackorders: products.backorders,
      lowStockThreshold: products.lowStockThreshold,
      variationRegular: variations.regularPrice,
      variationSale: activeSaleOf(variations),
      variationStock: variations.stockQuantity,
      variationBackorders: variations.backorders,
      variationImage: variations.imageId,
      taxStatus: products.taxStatus,
      // A variation's class is its own, or its product's ("parent").
      taxClass: sql<string>`case when ${variations.taxClass} is null or ${variations.taxClass} = 'parent' then ${products.taxClass} else ${variations.taxClass} end`,
      shippingClassId: sql<
        number | null
      >`coalesce(${variations.shippingClassId}, ${products.shippingClassId})`,
      // A variation is virtual by its own flag, as in WooCommerce.
      virtual: sql<boolean>`coalesce(${variations.virtual}, ${products.virtual})`,
      // The cart's coupon codes, in the order applied (kept on its row by the database, migration 0024).
      coupons: carts.couponCodes,
      name: productTexts.text("name", locale, products.slug),
      mainImage: sql<
        number | null
      >`(select ${productImages.mediaId} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
    })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(variations, eq(variations.id, cartLines.variationId))
    .where(cartOf(owner))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  if (rows.length === 0) return emptyCart;

  const variationIds = rows.flatMap((row) => (row.variationId ? [row.variationId] : []));
  const [terms, images] = await Promise.all([
    variationIds.length === 0
      ? []
      : db
          .select({
            variationId: variationAttributes.variationId,
            attributeLabel: attributes.label,
            termLabel: attributeTerms.label,
          })
          .from(variationAttributes)
          .innerJoin(attributes, eq(attributes.id, variationAttributes.attributeId))
          .innerJoin(attributeTerms, eq(attributeTerms.id, variationAttributes.termId))
          .where(inArray(variationAttributes.variationId, variationIds))
          .orderBy(asc(attributes.id)),
    options.images === false
      ? new Map<number, never>()
      : loadImages(
          db,
          rows.flatMap((row) => {
            const id = row.variationImage ?? row.mainImage;
            return id === null ? [] : [Number(id)];
          }),
          locale,
          options.cache,
        ),
  ]);

  const lines = rows.map((row): CartLineView => {
    const regular = row.variationRegular ?? row.productRegular;
    const unitPrice = row.variationId ? (row.variationSale ?? regular) : (row.productSale ?? regular);
    const imageId = row.variationImage ?? (row.mainImage === null ? null : Number(row.mainImage));
    const stockQuantity = row.variationId ? row.variationStock : row.productStock;
    const backorders = (row.variationId ? row.variationBackorders : row.productBackorders) ?? "no";
    return {
      key: row.key,
      productId: row.productId,
      variationId: row.variationId,
      slug: row.slug,
      name: row.name,
      attributes: terms
        .filter((term) => term.variationId === row.variationId)
        .map((term) => ({
          label: pickTranslation(term.attributeLabel, locale, ""),
          value: pickTranslation(term.termLabel, locale, ""),
        })),
      image: imageId === null ? null : (images.get(imageId) ?? null),
      unitPrice,
      regularPrice: regular,
      quantity: row.quantity,
      maxQuantity: purchaseLimit({ quantity: stockQuantity, backorders }) ?? null,
      stockQuantity,
      backorders,
      // The Store API's `low_stock_remaining`: a variation's threshold is its product's.
      lowStockRemaining:
        stockQuantity !== null && stockQuantity <= row.lowStockThreshold ? Math.max(stockQuantity, 0) : null,
      total: unitPrice * row.quantity,
      taxStatus: row.taxStatus,
      taxClass: row.taxClass,
      shippingClassId: row.shippingClassId === null ? null : Number(row.shippingClassId),
      virtual: row.virtual === true,
      // As entered until the cart is priced (cart-pricing.server.ts).
      displayPrice: unitPrice,
      subtotal: unitPrice * row.quantity,
      subtotalTax: 0,
      discountedTotal: unitPrice * row.quantity,
      discountedTax: 0,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  return {
    hash: cartHash(lines, rows[0]!.coupons),
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    total: subtotal,
    totals: { ...NO_TOTALS, subtotal, total: subtotal },
    coupons: rows[0]!.coupons,
    freeShipping: false,
    needsShipping: lines.some((line) => !line.virtual),
  };
}

/** What the shopper would see change: lines, quantities, prices and coupons (a price change is a cart change). */
function cartHash(lines: CartLineView[], coupons: string[]): string {
  const content = [...lines.map((line) => [line.key, line.quantity, line.unitPrice]), coupons];
  return createHash("md5").update(JSON.stringify(content)).digest("hex");
}

/**
 * At login the guest's lines move into the account's cart (quantities add up, capped by stock and
 * the line maximum), its coupons too (`mergeCoupons`), and the guest cart is removed; all in one
 * transaction.
 */
export async function mergeGuestCart(db: Database, sessionId: string, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const guestId = await findCartId(tx, { sessionId, userId: null });
    if (guestId === null) return;
    const guestLines = await tx.select().from(cartLines).where(eq(cartLines.cartId, guestId));
    const userCartId = await touchCart(tx, { sessionId, userId });
    for (const line of guestLines) {
      const [existing] = await tx
        .select({ quantity: cartLines.quantity })
        .from(cartLines)
        .where(and(eq(cartLines.cartId, userCartId), eq(cartLines.key, line.key)));
      let quantity = Math.min((existing?.quantity ?? 0) + line.quantity, MAX_LINE_QUANTITY);
      const item = await purchasable(tx, line.productId, line.variationId, FALLBACK_LOCALE).catch(() => null);
      if (!item || soldOut(item)) continue;
      const limit = purchaseLimit({ quantity: item.stockQuantity, backorders: item.backorders });
      if (limit !== undefined) quantity = Math.min(quantity, limit);
      await tx
        .insert(cartLines)
        .values({
          cartId: userCartId,
          key: line.key,
          productId: line.productId,
          variationId: line.variationId,
          quantity,
        })
        .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.key], set: { quantity } });
    }
    await mergeCoupons(tx, guestId, userCartId);
    await tx.delete(carts).where(eq(carts.id, guestId));
  });
}

/**
 * The guest's coupons follow its lines (deleting the guest's cart took them). WooCommerce keeps the
 * session's codes at login (its saved cart holds none); the account's cart keeps its own beside
 * them, each code once, unless one of the two carts' codes is for individual use: then the guest's
 * alone stay, as WooCommerce's would. Pricing checks them all again.
 */
async function mergeCoupons(tx: Transaction, guestId: number, userCartId: number): Promise<void> {
  const rows = await tx
    .select({ cartId: cartCoupons.cartId, code: cartCoupons.code, individualUse: coupons.individualUse })
    .from(cartCoupons)
    .leftJoin(coupons, eq(coupons.code, cartCoupons.code))
    .where(inArray(cartCoupons.cartId, [guestId, userCartId]));
  const guest = rows.filter((row) => row.cartId === guestId).map((row) => row.code);
  if (guest.length === 0) return;
  const alone = new Set(rows.map((row) => row.code)).size > 1 && rows.some((row) => row.individualUse);
  if (alone) await tx.delete(cartCoupons).where(eq(cartCoupons.cartId, userCartId));
  const kept = new Set(alone ? [] : rows.filter((row) => row.cartId === userCartId).map((row) => row.code));
  const moving = guest.filter((code) => !kept.has(code));
  if (moving.length > 0)
    await tx
      .update(cartCoupons)
      .set({ cartId: userCartId })
      .where(and(eq(cartCoupons.cartId, guestId), inArray(cartCoupons.code, moving)));
}

import { randomUUID } from "node:crypto";
import { type Database, orderAttribution, orderLines, orders, type Role, users } from "@vitrine/db";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import type { CleanAttribution } from "../analytics/attribution.server.ts";
import { addToCart } from "../cart/cart.server.ts";
import { placeOrder } from "../cart/checkout.server.ts";
import { insertSession } from "../catalogue/catalogue-fixtures.test-helper.ts";

/** Accounts and placed orders written straight to the tables, for tests that read them back. */

export async function insertAccount(
  db: Database,
  email: string,
  options: { role?: Role; passwordHash?: string } = {},
): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: options.passwordHash ?? "x", role: options.role ?? "customer" })
    .returning({ id: users.id });
  return user!.id;
}

export const orderAddress = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };

/**
 * An order of 2 × Mug (red) and 1 × Cup, 2000 plus 500 shipping unless `total` says otherwise; with
 * an attribution record when `origin` is given. Returns its id and its lines' ids.
 */
export async function insertOrder(
  db: Database,
  values: {
    createdAt: string;
    key?: string;
    userId?: number | null;
    locale?: string;
    total?: number;
    origin?: string;
  },
): Promise<{ id: number; lineIds: number[] }> {
  const total = values.total ?? 2500;
  const [order] = await db
    .insert(orders)
    .values({
      orderKey: values.key ?? `wc_order_${values.createdAt}`,
      userId: values.userId ?? null,
      status: "on-hold",
      currency: "EUR",
      locale: values.locale ?? "en",
      subtotal: total - 500,
      shippingTotal: 500,
      total,
      paymentMethod: "bacs",
      billingAddress: orderAddress,
      shippingAddress: orderAddress,
      customerNote: "ring twice",
      createdAt: new Date(values.createdAt),
    })
    .returning({ id: orders.id });
  const lines = await db
    .insert(orderLines)
    .values([
      {
        orderId: order!.id,
        name: "Mug",
        quantity: 2,
        unitPrice: 500,
        subtotal: 1000,
        total: 1000,
        attributes: { Colour: "Red" },
      },
      { orderId: order!.id, name: "Cup", quantity: 1, unitPrice: 1000, subtotal: 1000, total: 1000 },
    ])
    .returning({ id: orderLines.id });
  if (values.origin) {
    await db.insert(orderAttribution).values({
      orderId: order!.id,
      sourceType: "utm",
      utmSource: "newsletter",
      utmCampaign: "spring",
      deviceType: "Mobile",
      origin: values.origin,
    });
  }
  return { id: order!.id, lineIds: lines.map((line) => line.id).sort((a, b) => a - b) };
}

/**
 * An order placed the way a shopper places one (a cart, then the checkout's `placeOrder`, which
 * takes the stock), for tests of what happens to placed orders. Returns the order's id.
 */
export async function placeTestOrder(
  db: Database,
  lines: Array<{ productId: number; variationId?: number | null; quantity: number }>,
  options: { payment?: "bacs" | "cod"; userId?: number | null; attribution?: CleanAttribution } = {},
): Promise<number> {
  const sessionId = `order-test-${randomUUID()}`;
  await insertSession(db, sessionId);
  const owner = { sessionId, userId: options.userId ?? null };
  for (const line of lines)
    await addToCart(db, owner, {
      productId: line.productId,
      variationId: line.variationId ?? null,
      quantity: line.quantity,
    });
  const placed = await placeOrder(db, {
    owner,
    locale: "en",
    currency: "EUR",
    billing: orderAddress,
    shipping: orderAddress,
    payment: {
      via: "checkout",
      method: options.payment ?? "bacs",
      offer: {
        payments: parseStoreSettings({}).payments,
        config: { stripe: { secretKey: undefined, webhookSecret: undefined, apiUrl: undefined } },
      },
    },
    shippingRate: { id: "flat_rate:1", label: "Flat rate", cost: 500, taxable: true },
    pricing: parseStoreSettings({}),
    customerNote: "",
    idempotencyKey: sessionId,
    attribution: options.attribution,
  });
  return placed.id;
}

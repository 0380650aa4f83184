import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../client.ts";
import type { Address } from "../schema/accounts.ts";
import {
  orderAttribution,
  orderLines,
  orderNotes,
  orderRefundLines,
  orderRefunds,
  type orderStatuses,
  orders,
  reviews,
  users,
} from "../schema/index.ts";
import { createRandom, type Random } from "./random.ts";

/**
 * The back office at scale (issue 40, decision 0065): customers, two years of orders (lines, notes,
 * refunds, attribution records) and reviews, for the bench to measure the owner's lists against.
 * Rows are drawn in JavaScript from a seeded generator and go in as multi-row statements, a batch
 * per transaction, so a run of 50,000 orders takes seconds on PGlite and PostgreSQL alike.
 */
export type BackOfficeOptions = {
  customers?: number;
  orders?: number;
  reviews?: number;
  log?: (message: string) => void;
};

/** Seeded customers cannot sign in: their password hash is no scrypt hash (decision 0065). */
const NO_PASSWORD = "!seeded";
const batchSize = 1000;
const dayMs = 86_400_000;
const spanDays = 730;

const firstNames = [
  "Ada",
  "Grace",
  "Alan",
  "Lucía",
  "Mateo",
  "Sofía",
  "Hugo",
  "Martina",
  "Leo",
  "Julia",
  "Daniel",
  "Paula",
  "Marie",
  "Pablo",
  "Elena",
  "Diego",
  "Carmen",
  "Noah",
  "Emma",
  "Olivia",
  "Liam",
  "Chloe",
  "Iván",
  "Nora",
  "Tomás",
  "Alba",
  "Oscar",
  "Irene",
  "Samuel",
  "Clara",
];
const lastNames = [
  "Lovelace",
  "Hopper",
  "Turing",
  "García",
  "Fernández",
  "López",
  "Martínez",
  "Sánchez",
  "Pérez",
  "Gómez",
  "Smith",
  "Johnson",
  "Brown",
  "Taylor",
  "Wilson",
  "Moreno",
  "Navarro",
  "Romero",
  "Curie",
  "Torres",
  "Ruiz",
  "Díaz",
  "Miller",
  "Davis",
  "Clark",
  "Lewis",
  "Walker",
  "Hall",
  "Young",
  "King",
];
const cities = [
  ["Austin", "TX", "US"],
  ["Seattle", "WA", "US"],
  ["Boston", "MA", "US"],
  ["Madrid", "M", "ES"],
  ["Sevilla", "SE", "ES"],
  ["Valencia", "V", "ES"],
  ["London", "", "GB"],
  ["Lyon", "", "FR"],
] as const;
/** Where orders came from, as the checkout records it: source type, source, device. */
const origins = [
  ["typein", "(direct)", "Direct"],
  ["organic", "google", "Organic: Google"],
  ["referral", "pinterest.com", "Referral: Pinterest.com"],
  ["utm", "newsletter", "Source: Newsletter"],
  ["utm", "instagram", "Source: Instagram"],
  ["admin", "", "Web admin"],
] as const;
const noteBodies = [
  "Called the customer to confirm the address.",
  "Packed with extra care: fragile.",
  "Customer asked for a gift wrap.",
  "Parcel left with the neighbour at number 12.",
];
const reviewBodies = [
  "Exactly as pictured, and it arrived quickly.",
  "Good quality for the price.",
  "The colour is a little lighter than in the photo.",
  "Lovely, I ordered a second one as a present.",
  "Fine, but the box was dented.",
];

type Product = { id: number; name: string; sku: string | null; price: number };
type Customer = { id: number; email: string; first: string; last: string; locale: string };

export async function seedBackOffice(db: Database, options: BackOfficeOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const now = Date.now();
  if (options.customers) await seedCustomers(db, options.customers, now, log);
  if (options.orders) await seedOrders(db, options.orders, now, log);
  if (options.reviews) await seedReviews(db, options.reviews, now, log);
  await db.execute(
    sql`analyze users, orders, order_lines, order_notes, order_refunds, order_refund_lines, order_attribution, reviews`,
  );
}

/** Customers with a name, an address and a language, their e-mails after the highest user id. */
async function seedCustomers(db: Database, count: number, now: number, log: (message: string) => void) {
  const [row] = await selectRows<{ last: number | null }>(db, sql`select max(id) as last from users`);
  const first = Number(row?.last ?? 0) + 1;
  const random = createRandom(first * 31);
  for (let offset = 0; offset < count; offset += batchSize) {
    const size = Math.min(batchSize, count - offset);
    const rows = Array.from({ length: size }, (_, i) => {
      const number = first + offset + i;
      const name = { first: random.pick(firstNames), last: random.pick(lastNames) };
      const email = `${ascii(name.first)}.${ascii(name.last)}.${number}@example.com`;
      const address = addressOf(name, email, random);
      const createdAt = new Date(now - (spanDays * dayMs * (count - offset - i)) / count);
      return {
        email,
        passwordHash: NO_PASSWORD,
        displayName: `${name.first} ${name.last}`,
        role: "customer" as const,
        locale: random.chance(0.3) ? "es" : "en",
        billingAddress: address,
        shippingAddress: address,
        createdAt,
      };
    });
    await db.insert(users).values(rows);
  }
  log(`customers: ${count}`);
}

/**
 * Orders spread over the last two years, newest last (ids follow time, as in a live store): one to
 * four lines of published products, most completed, the recent ones still moving; two in three by
 * a customer, the rest by guests; some with notes, every refunded one and a few completed ones with
 * a refund and its lines, most with an attribution record.
 */
async function seedOrders(db: Database, count: number, now: number, log: (message: string) => void) {
  const catalogue = await selectRows<Product>(
    db,
    sql`select p.id, coalesce(t.name, p.slug) as name, p.sku,
               coalesce(p.sale_price, p.regular_price, 1000) as price
          from products p left join product_translations t on t.product_id = p.id and t.locale = 'en'
         where p.status = 'publish' and p.type = 'simple'`,
  );
  if (catalogue.length === 0) throw new Error("Orders need published simple products: seed products first.");
  const customers = await selectRows<Customer>(
    db,
    sql`select id, email, locale, coalesce(billing_address->>'first_name', display_name) as first,
               coalesce(billing_address->>'last_name', '') as last
          from users where role = 'customer'`,
  );
  const [row] = await selectRows<{ last: number | null }>(db, sql`select max(id) as last from orders`);
  const random = createRandom(Number(row?.last ?? 0) + 7);
  const started = performance.now();
  for (let offset = 0; offset < count; offset += batchSize) {
    const size = Math.min(batchSize, count - offset);
    const planned = Array.from({ length: size }, (_, i) =>
      planOrder({ index: offset + i, count, now, random, catalogue, customers }),
    );
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(orders)
        .values(planned.map((order) => order.row))
        .returning({ id: orders.id, orderKey: orders.orderKey });
      const ids = new Map(inserted.map((each) => [each.orderKey, each.id]));
      const withId = planned.map((order) => ({ ...order, id: ids.get(order.row.orderKey)! }));
      const lines = await tx
        .insert(orderLines)
        .values(withId.flatMap((order) => order.lines.map((line) => ({ ...line, orderId: order.id }))))
        .returning({ id: orderLines.id, orderId: orderLines.orderId });
      const linesOf = new Map<number, number[]>();
      for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line.id]);

      const notes = withId.flatMap((order) => order.notes.map((note) => ({ ...note, orderId: order.id })));
      if (notes.length > 0) await tx.insert(orderNotes).values(notes);
      const attributions = withId.flatMap((order) =>
        order.attribution ? [{ ...order.attribution, orderId: order.id }] : [],
      );
      if (attributions.length > 0) await tx.insert(orderAttribution).values(attributions);

      const refunded = withId.filter((order) => order.refund);
      if (refunded.length > 0) {
        const refunds = await tx
          .insert(orderRefunds)
          .values(
            refunded.map((order) => ({
              orderId: order.id,
              amount: order.refund!.amount,
              reason: order.refund!.reason,
              restocked: order.refund!.restocked,
              createdAt: order.refund!.createdAt,
            })),
          )
          .returning({ id: orderRefunds.id, orderId: orderRefunds.orderId });
        const refundOf = new Map(refunds.map((refund) => [refund.orderId, refund.id]));
        await tx.insert(orderRefundLines).values(
          refunded.flatMap((order) =>
            order.refund!.lines.map((line) => ({
              refundId: refundOf.get(order.id)!,
              orderLineId: linesOf.get(order.id)![line.index]!,
              quantity: line.quantity,
              amount: line.amount,
            })),
          ),
        );
      }
    });
    const done = offset + size;
    if (done % 10_000 === 0 || done === count) {
      const seconds = (performance.now() - started) / 1000;
      log(`orders: ${done}/${count} (${Math.round(done / seconds)}/s)`);
    }
  }
}

/** Where statuses fall: mostly completed; the last weeks' orders still pending, on hold or processing. */
function statusOf(ageDays: number, random: Random): (typeof orderStatuses)[number] {
  const r = random.next();
  if (ageDays < 14) {
    if (r < 0.25) return "processing";
    if (r < 0.4) return "on-hold";
    if (r < 0.5) return "pending";
  }
  if (r < 0.82) return "completed";
  if (r < 0.88) return "cancelled";
  if (r < 0.93) return "refunded";
  if (r < 0.96) return "failed";
  return "processing";
}

function planOrder({
  index,
  count,
  now,
  random,
  catalogue,
  customers,
}: {
  index: number;
  count: number;
  now: number;
  random: Random;
  catalogue: Product[];
  customers: Customer[];
}) {
  // Evenly spread over two years, oldest first, a few minutes of jitter.
  const createdAt = new Date(now - (spanDays * dayMs * (count - index)) / count - random.int(0, 600) * 1000);
  const ageDays = (now - createdAt.getTime()) / dayMs;
  const customer = customers.length > 0 && random.chance(0.66) ? random.pick(customers) : null;
  const name = customer
    ? { first: customer.first, last: customer.last }
    : { first: random.pick(firstNames), last: random.pick(lastNames) };
  const email = customer?.email ?? `${ascii(name.first)}.${ascii(name.last)}.guest${index}@example.net`;
  const address = addressOf(name, email, random);
  const lines = Array.from({ length: random.int(1, 4) }, () => {
    const product = random.pick(catalogue);
    const quantity = random.chance(0.8) ? 1 : random.int(2, 3);
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      quantity,
      unitPrice: product.price,
      total: product.price * quantity,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const shippingTotal = subtotal >= 10_000 ? 0 : 500;
  const status = statusOf(ageDays, random);
  const paymentMethod = status === "on-hold" ? "bacs" : random.pick(["bacs", "cod", "wallet"]);
  const origin = random.chance(0.8) ? random.pick(origins) : null;
  const notes: { body: string; toCustomer: boolean; createdAt: Date }[] = [];
  if (random.chance(0.15)) {
    notes.push({
      body: random.pick(noteBodies),
      toCustomer: random.chance(0.4),
      createdAt: later(createdAt),
    });
  }
  // Every refunded order gives all its money back; one completed order in thirty, one line's worth.
  let refund: {
    amount: number;
    reason: string;
    restocked: boolean;
    createdAt: Date;
    lines: { index: number; quantity: number; amount: number }[];
  } | null = null;
  if (status === "refunded") {
    refund = {
      amount: subtotal + shippingTotal,
      reason: "Returned",
      restocked: true,
      createdAt: later(createdAt),
      lines: lines.map((line, lineIndex) => ({
        index: lineIndex,
        quantity: line.quantity,
        amount: line.total,
      })),
    };
  } else if (status === "completed" && random.chance(1 / 30)) {
    const lineIndex = random.int(0, lines.length - 1);
    refund = {
      amount: lines[lineIndex]!.unitPrice,
      reason: "Arrived damaged",
      restocked: false,
      createdAt: later(createdAt),
      lines: [{ index: lineIndex, quantity: 1, amount: lines[lineIndex]!.unitPrice }],
    };
  }
  const restored = status === "cancelled" || status === "refunded";
  return {
    row: {
      orderKey: `wc_order_seed_${createdAt.getTime().toString(36)}_${index}`,
      userId: customer?.id ?? null,
      status,
      currency: "USD",
      locale: customer?.locale ?? (random.chance(0.3) ? "es" : "en"),
      subtotal,
      shippingTotal,
      total: subtotal + shippingTotal,
      shippingMethod: shippingTotal === 0 ? "free_shipping" : "flat_rate",
      paymentMethod,
      billingAddress: address,
      shippingAddress: address,
      customerNote: random.chance(0.1) ? "Please ring twice." : "",
      stockRestoredAt: restored ? later(createdAt) : null,
      createdAt,
    },
    lines: lines.map((line) => ({ ...line, restockedQuantity: restored ? line.quantity : 0 })),
    notes,
    refund,
    attribution: origin
      ? {
          sourceType: origin[0],
          utmSource: origin[1] || null,
          origin: origin[2],
          deviceType: random.chance(0.55) ? "Mobile" : "Desktop",
          utmCampaign: origin[0] === "utm" ? random.pick(["spring", "summer-sale", "black-friday"]) : null,
        }
      : null,
  };
}

/** Reviews of random published products, a quarter of them waiting in the moderation queue. */
async function seedReviews(db: Database, count: number, now: number, log: (message: string) => void) {
  const productIds = (
    await selectRows<{ id: number }>(db, sql`select id from products where status = 'publish'`)
  ).map((row) => row.id);
  if (productIds.length === 0) throw new Error("Reviews need published products: seed products first.");
  const random = createRandom(count * 13);
  for (let offset = 0; offset < count; offset += batchSize) {
    const size = Math.min(batchSize, count - offset);
    await db.insert(reviews).values(
      Array.from({ length: size }, (_, i) => {
        const name = `${random.pick(firstNames)} ${random.pick(lastNames)}`;
        const r = random.next();
        return {
          productId: random.pick(productIds),
          authorName: name,
          authorEmail: `${ascii(name.replace(" ", "."))}.r${offset + i}@example.com`,
          rating: random.int(1, 5),
          body: random.pick(reviewBodies),
          locale: random.chance(0.3) ? "es" : "en",
          status: r < 0.25 ? ("pending" as const) : r < 0.95 ? ("approved" as const) : ("spam" as const),
          createdAt: new Date(now - (spanDays * dayMs * (count - offset - i)) / count),
        };
      }),
    );
  }
  log(`reviews: ${count}`);
}

function addressOf(name: { first: string; last: string }, email: string, random: Random): Address {
  const [city, state, country] = random.pick(cities);
  return {
    first_name: name.first,
    last_name: name.last,
    address_1: `${random.int(1, 240)} ${random.pick(["High Street", "Calle Mayor", "Main Street", "Rue Neuve"])}`,
    city,
    state,
    postcode: String(random.int(10_000, 99_999)),
    country,
    email,
    phone: `+1 555 ${String(random.int(0, 9999)).padStart(4, "0")}`,
  };
}

/** A moment up to three days after `from`, never in the future. */
function later(from: Date): Date {
  return new Date(Math.min(Date.now(), from.getTime() + (from.getTime() % 259_200_000) + 3_600_000));
}

/** An e-mail's local part: no accents, lower case. */
function ascii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[^A-Za-z.]/g, "")
    .toLowerCase();
}

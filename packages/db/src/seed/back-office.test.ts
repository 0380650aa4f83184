import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../client.ts";
import { products, productTranslations } from "../schema/index.ts";
import { availableDialects, createTestDatabase, type TestDatabase } from "../testing.ts";
import { seedBackOffice } from "./index.ts";

// A small run of what the bench seeds at 50,000 orders (decision 0065): the rows must hang together.
describe.each(await availableDialects())("back-office seed on %s", (dialect) => {
  let database: TestDatabase;
  const rows = <T>(query: SQL) => selectRows<T>(database.db, query);
  const count = async (query: SQL) => (await rows<{ n: number }>(query))[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const inserted = await database.db
      .insert(products)
      .values(
        [1, 2, 3].map((n) => ({
          slug: `mug-${n}`,
          type: "simple" as const,
          sku: `MUG-${n}`,
          regularPrice: n * 1000,
          status: "publish" as const,
        })),
      )
      .returning({ id: products.id });
    await database.db
      .insert(productTranslations)
      .values(inserted.map((row, i) => ({ productId: row.id, locale: "en", name: `Mug ${i + 1}` })));
    await seedBackOffice(database.db, { customers: 40, orders: 600, reviews: 30 });
  });

  afterAll(async () => {
    await database?.close();
  });

  it("makes the customers, orders and reviews asked for, customers unable to sign in", async () => {
    expect(await count(sql`select count(*)::int as n from users where role = 'customer'`)).toBe(40);
    expect(await count(sql`select count(*)::int as n from users where password_hash like 'scrypt$%'`)).toBe(
      0,
    );
    expect(await count(sql`select count(*)::int as n from orders`)).toBe(600);
    expect(await count(sql`select count(*)::int as n from reviews`)).toBe(30);
  });

  it("gives each order lines whose totals make the order's, ids in time order over two years", async () => {
    expect(
      await count(sql`select count(*)::int as n from orders o where o.subtotal <>
        (select coalesce(sum(l.total), 0) from order_lines l where l.order_id = o.id)
        or o.total <> o.subtotal + o.shipping_total`),
    ).toBe(0);
    const [span] = await rows<{ days: number; disorder: number }>(
      sql`select extract(day from max(created_at) - min(created_at))::int as days,
            (select count(*)::int from orders a join orders b on b.id = a.id + 1 where b.created_at < a.created_at - interval '1 hour') as disorder
          from orders`,
    );
    expect(span!.days).toBeGreaterThan(700);
    expect(span!.disorder).toBe(0);
  });

  it("spreads the statuses, and refunds every refunded order in full with its lines", async () => {
    const statuses = await rows<{ status: string }>(sql`select distinct status from orders`);
    expect(statuses.length).toBeGreaterThanOrEqual(5);
    expect(
      await count(sql`select count(*)::int as n from orders o where o.status = 'refunded' and o.total <>
        (select coalesce(sum(r.amount), 0) from order_refunds r where r.order_id = o.id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from order_refunds r where r.amount <
        (select coalesce(sum(l.amount), 0) from order_refund_lines l where l.refund_id = r.id)
        or not exists (select 1 from order_refund_lines l where l.refund_id = r.id)`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from order_notes`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from order_attribution`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from orders where user_id is not null`)).toBeGreaterThan(
      0,
    );
  });
});

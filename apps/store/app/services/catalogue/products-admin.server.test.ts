import { products, selectRows, variations } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { insertSimpleProduct, insertVariableProduct } from "./catalogue-fixtures.test-helper.ts";
import { updateProduct } from "./products-admin.server.ts";

// Only PostgreSQL has a second connection: an order takes stock while staff save the product.
describe.each((await availableDialects()).filter((dialect) => dialect === "postgres"))(
  "a product saved while an order takes its stock on %s",
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.close());
    beforeEach(() => database.reset());

    type Tx = Parameters<Parameters<TestDatabase["db"]["transaction"]>[0]>[0];
    /**
     * Runs `take` (an order's stock statements) in a transaction that stays open until `save` waits
     * for it, then runs `then` in it (the order's last statements), commits it and answers the save.
     */
    async function saveDuringOrder<T>(
      take: (tx: Tx) => Promise<void>,
      save: () => Promise<T>,
      then: (tx: Tx) => Promise<void> = async () => {},
    ): Promise<T> {
      const { db } = database;
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let taken = () => {};
      const taking = new Promise<void>((resolve) => {
        taken = resolve;
      });
      const order = db.transaction(async (tx) => {
        await take(tx);
        taken();
        await held;
        await then(tx);
      });
      onTestFinished(release);
      await taking;
      const saving = save();
      const waiting = async () =>
        (
          await selectRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          )
        )[0]?.n;
      await expect.poll(waiting).toBe(1);
      release();
      await order;
      return saving;
    }

    it("keeps a simple product's stock that an order took while its price was saved", async () => {
      const { db } = database;
      const kettle = await insertSimpleProduct(db, { slug: "kettle", price: 1000, stock: 5 });
      await saveDuringOrder(
        async (tx) => {
          await tx
            .update(products)
            .set({ stockQuantity: sql`${products.stockQuantity} - 1` })
            .where(eq(products.id, kettle.id));
        },
        () => updateProduct(db, kettle.id, { regular_price: 1500 }),
      );
      const [saved] = await db.select().from(products).where(eq(products.id, kettle.id));
      expect([saved?.regularPrice, saved?.stockQuantity]).toEqual([1500, 4]);
    });

    it("keeps a variation's stock that an order took while the variation's price was saved, neither refused for a deadlock", async () => {
      const { db } = database;
      const { product, inStock, soldOut } = await insertVariableProduct(db, "scarf");
      const terms = await selectRows<{ variation_id: number; attribute_id: number; term_id: number }>(
        db,
        sql`select variation_id, attribute_id, term_id from variation_attributes order by variation_id`,
      );
      const attributeId = terms[0]!.attribute_id;
      const termOf = (variationId: number) => terms.find((row) => row.variation_id === variationId)!.term_id;
      await saveDuringOrder(
        async (tx) => {
          // The checkout's order: the variation's stock, then its product's sales.
          await tx
            .update(variations)
            .set({ stockQuantity: sql`${variations.stockQuantity} - 2` })
            .where(eq(variations.id, inStock.id));
        },
        () =>
          updateProduct(db, product.id, {
            attributes: [{ id: attributeId, terms: terms.map((row) => row.term_id) }],
            variations: [
              {
                id: inStock.id,
                regular_price: 1100,
                attributes: { [attributeId]: termOf(inStock.id) },
              },
              { id: soldOut.id, regular_price: 1200, attributes: { [attributeId]: termOf(soldOut.id) } },
            ],
          }),
        async (tx) => {
          await tx
            .update(products)
            .set({ totalSales: sql`${products.totalSales} + 2` })
            .where(eq(products.id, product.id));
        },
      );
      const [saved] = await db.select().from(variations).where(eq(variations.id, inStock.id));
      expect([saved?.regularPrice, saved?.stockQuantity]).toEqual([1100, 3]);
      const [parent] = await db.select().from(products).where(eq(products.id, product.id));
      expect(parent?.totalSales).toBe(2);
    });
  },
);

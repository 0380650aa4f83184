import { orders } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSession, insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import {
  insertExternalProduct,
  insertGroupedProduct,
  insertVirtualProduct,
} from "../catalogue/product-types-fixtures.test-helper.ts";
import { testContext } from "../shared/test-context.test-helper.ts";
import { addGroupedToCart, addToCart, CartError, loadCart } from "./cart.server.ts";
import { CheckoutError, checkoutCart } from "./checkout.server.ts";

const address = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "1 Main St",
  city: "London",
  postcode: "N1",
  country: "GB",
  email: "ada@example.com",
  phone: "+44 20 1234 5678",
};

describe.each(await availableDialects())(
  "grouped, external and virtual products in the cart on %s",
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.close());
    beforeEach(() => database.reset());

    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof CartError ? error.code : error),
      );

    it("never makes an external product or a grouped product itself a cart line", async () => {
      const { db } = database;
      const owner = await insertSession(db, "s1");
      const lamp = await insertExternalProduct(db, "lamp", "https://partner.example/lamp");
      const cup = await insertSimpleProduct(db, { slug: "cup", price: 500 });
      const set = await insertGroupedProduct(db, "tea-set", [cup.id]);
      const add = (productId: number) => addToCart(db, owner, { productId, variationId: null, quantity: 1 });
      expect(await refusal(add(lamp.id))).toBe("not_purchasable");
      expect(await refusal(add(set.id))).toBe("choose_products");
      expect((await loadCart(db, owner, "en")).lines).toEqual([]);
    });

    it("adds a grouped product's chosen children together, or none of them when one is refused", async () => {
      const { db } = database;
      const owner = await insertSession(db, "s1");
      const cup = await insertSimpleProduct(db, { slug: "cup", price: 500 });
      const saucer = await insertSimpleProduct(db, { slug: "saucer", price: 300, stock: 1 });
      const spoon = await insertSimpleProduct(db, { slug: "spoon", price: 200 });
      const stranger = await insertSimpleProduct(db, { slug: "stranger", price: 100 });
      const set = await insertGroupedProduct(db, "tea-set", [cup.id, saucer.id, spoon.id]);
      const addGroup = (quantities: Array<[number, number]>) =>
        addGroupedToCart(db, owner, { productId: set.id, quantities: new Map(quantities) });

      expect(
        await addGroup([
          [cup.id, 2],
          [saucer.id, 1],
          [spoon.id, 0],
        ]),
      ).toEqual({
        names: ["cup (en)", "saucer (en)"],
      });
      const lines = (await loadCart(db, owner, "en")).lines;
      expect(lines.map((line) => [line.productId, line.quantity])).toEqual([
        [cup.id, 2],
        [saucer.id, 1],
      ]);

      // The saucer has no more stock: the cup is not added either.
      expect(
        await refusal(
          addGroup([
            [cup.id, 1],
            [saucer.id, 1],
          ]),
        ),
      ).toBe("not_enough_stock");
      expect(await refusal(addGroup([[cup.id, 0]]))).toBe("choose_products");
      expect(await refusal(addGroup([[stranger.id, 1]]))).toBe("product_not_found");
      expect((await loadCart(db, owner, "en")).lines.map((line) => [line.productId, line.quantity])).toEqual([
        [cup.id, 2],
        [saucer.id, 1],
      ]);
    });

    it("asks no shipping of a cart of virtual products only: no method, no shipping in the totals, the order placed without one", async () => {
      const { db } = database;
      const owner = await insertSession(db, "s1");
      const course = await insertVirtualProduct(db, "course", 3000);
      const mug = await insertSimpleProduct(db, { slug: "mug", price: 1500 });
      await addToCart(db, owner, { productId: course.id, variationId: null, quantity: 1 });
      const cart = await loadCart(db, owner, "en");
      expect([cart.needsShipping, cart.lines[0]?.virtual]).toEqual([false, true]);

      // The order's mails go after the answer: the test waits for them before the database closes.
      const afterAnswer: Array<Promise<unknown>> = [];
      const context = {
        ...testContext({ db }),
        afterAnswer: (work: Promise<unknown>) => afterAnswer.push(work),
      };
      const order = {
        billing: address,
        shipping: address,
        paymentMethod: "cod",
        shippingMethod: "",
        customerNote: "",
      };
      const checkout = (attempt: string) =>
        checkoutCart(context, { owner, sessionId: "s1", locale: "en", order, attempt, attribution: {} });
      const placed = await checkout("attempt-virtual-0001");
      expect(placed).toMatchObject({ created: true, total: 3000 });
      await Promise.all(afterAnswer);
      const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
      expect([row?.shippingTotal, row?.shippingMethod]).toEqual([0, null]);

      // A cart with one line to ship needs a method again.
      await addToCart(db, owner, { productId: course.id, variationId: null, quantity: 1 });
      await addToCart(db, owner, { productId: mug.id, variationId: null, quantity: 1 });
      expect((await loadCart(db, owner, "en")).needsShipping).toBe(true);
      await expect(checkout("attempt-mixed-00001")).rejects.toEqual(
        new CheckoutError("shipping_method_unavailable"),
      );
    });
  },
);

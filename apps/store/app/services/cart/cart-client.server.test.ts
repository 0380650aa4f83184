import { products, productTranslations } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { testContext } from "../shared/test-context.test-helper.ts";

describe.each(await availableDialects())("the request's cart client on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  /** A Spanish shopper with one line of a mug (stock 2) in their cart, and a request of theirs. */
  async function shopperWithMug() {
    const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1200, stock: 2 });
    const first = testContext({ db: database.db, locale: "es" });
    const added = await first.cart.add({ productId: mug.id, quantity: 1 });
    expect(added).toEqual({ ok: true, name: "mug (es)" });
    const cookie = first.session.headers().get("Set-Cookie")!.split(";")[0]!;
    const request = () => testContext({ db: database.db, locale: "es", cookie });
    const { cart } = await request().cart.current();
    return { mug, key: cart.lines[0]!.key, request };
  }

  it("names the product of a changed or removed line from the change's own statements, not from a cart read first", async () => {
    const { key, request } = await shopperWithMug();
    const changing = request();
    await changing.session.get();
    const changed = recordStatements(database.db);
    try {
      expect(await changing.cart.setQuantity({ key, quantity: 2 })).toEqual({ ok: true, name: "mug (es)" });
    } finally {
      changed.stop();
    }
    // The line (with its name), the product, the line, the cart's time of change.
    expect(changed.statements).toHaveLength(4);

    const removing = request();
    await removing.session.get();
    const removed = recordStatements(database.db);
    try {
      expect(await removing.cart.remove({ key })).toEqual({ ok: true, name: "mug (es)" });
    } finally {
      removed.stop();
    }
    expect(removed.statements).toHaveLength(1);
    expect((await request().cart.current()).cart.lines).toEqual([]);
  });

  it("names the line's product in a refusal: too many, or a product no longer on sale", async () => {
    const { mug, key, request } = await shopperWithMug();
    const tooMany = await request().cart.setQuantity({ key, quantity: 5 });
    expect(tooMany).toMatchObject({ ok: false, name: "mug (es)" });
    expect(!tooMany.ok && tooMany.error.code).toBe("not_enough_stock");
    expect(!tooMany.ok && tooMany.error.details.available).toBe(2);

    await database.db.update(products).set({ status: "draft" }).where(eq(products.id, mug.id));
    const gone = await request().cart.setQuantity({ key, quantity: 2 });
    expect(gone).toMatchObject({ ok: false, name: "mug (es)" });
    expect(!gone.ok && gone.error.code).toBe("product_not_found");
    // Removing it still works, and says what went.
    expect(await request().cart.remove({ key })).toEqual({ ok: true, name: "mug (es)" });
    expect(await request().cart.remove({ key })).toMatchObject({ ok: false, name: "" });
  });

  it("falls back to the English name, then to the product's slug", async () => {
    const { mug, key, request } = await shopperWithMug();
    await database.db.delete(productTranslations).where(eq(productTranslations.locale, "es"));
    expect(await request().cart.setQuantity({ key, quantity: 2 })).toEqual({ ok: true, name: "mug (en)" });
    await database.db.delete(productTranslations).where(eq(productTranslations.productId, mug.id));
    expect(await request().cart.remove({ key })).toEqual({ ok: true, name: "mug" });
  });
});

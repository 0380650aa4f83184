import { orderLines, orders, products, reviews, settings, users } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "./catalogue-fixtures.test-helper.ts";
import { loadReviewSettings, ReviewError, submitReview } from "./reviews.server.ts";
import { changeReviewStatus } from "./reviews-admin.server.ts";

const address = {
  first_name: "Ana",
  last_name: "Ruiz",
  company: "",
  address_1: "Calle 1",
  address_2: "",
  city: "Madrid",
  state: "",
  postcode: "28001",
  country: "ES",
  email: "ana@example.com",
  phone: "",
};

describe.each(await availableDialects())("reviews service on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function ratingOf(productId: number) {
    const [row] = await database.db
      .select({ average: products.averageRating, count: products.reviewCount })
      .from(products)
      .where(eq(products.id, productId));
    return { average: Number(row!.average), count: row!.count };
  }

  async function expectReviewError(promise: Promise<unknown>, code: string) {
    await expect(promise).rejects.toBeInstanceOf(ReviewError);
    await promise.catch((error: ReviewError) => expect(error.code).toBe(code));
  }

  it("keeps a guest's review pending, refuses a second one from the same e-mail, and counts it once approved", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000 });
    const reviewSettings = await loadReviewSettings(db);
    expect(reviewSettings).toEqual({ guestReviews: true });
    const base = { productId: mug.id, userId: null, rating: 4, body: "Holds a lot.", locale: "en" };
    const first = await submitReview(
      db,
      { ...base, authorName: "Ana", authorEmail: "Ana@Example.com" },
      reviewSettings,
    );
    expect(first.status).toBe("pending");
    expect(await ratingOf(mug.id)).toEqual({ average: 0, count: 0 });
    await expectReviewError(
      submitReview(db, { ...base, authorName: "Ana", authorEmail: "ana@example.com" }, reviewSettings),
      "duplicate",
    );

    expect(await changeReviewStatus(db, first.id, "approved")).toEqual({ productId: expect.any(Number) });
    expect(await ratingOf(mug.id)).toEqual({ average: 4, count: 1 });
    const second = await submitReview(
      db,
      { ...base, rating: 1, authorName: "Luis", authorEmail: "luis@example.com" },
      reviewSettings,
    );
    await changeReviewStatus(db, second.id, "approved");
    expect(await ratingOf(mug.id)).toEqual({ average: 2.5, count: 2 });
    await changeReviewStatus(db, second.id, "spam");
    expect(await ratingOf(mug.id)).toEqual({ average: 4, count: 1 });
  });

  it("refuses a review of a product whose reviews are off, and keeps nothing", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000 });
    await db.update(products).set({ reviewsAllowed: false }).where(eq(products.id, mug.id));
    await expectReviewError(
      submitReview(
        db,
        {
          productId: mug.id,
          userId: null,
          rating: 5,
          locale: "en",
          body: "Lovely",
          authorName: "A",
          authorEmail: "a@example.com",
        },
        { guestReviews: true },
      ),
      "reviews_closed",
    );
    expect(await db.select().from(reviews)).toEqual([]);
  });

  it("marks links as spam, refuses guests when the setting is off, and needs a name and e-mail", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000 });
    const base = { productId: mug.id, userId: null, rating: 5, locale: "en" };
    const spam = await submitReview(
      db,
      { ...base, body: "cheap at https://spam.example", authorName: "X", authorEmail: "x@example.com" },
      { guestReviews: true },
    );
    expect(spam.status).toBe("spam");
    await db.insert(settings).values({ key: "reviews", value: { guestReviews: false } });
    const closed = await loadReviewSettings(db);
    expect(closed.guestReviews).toBe(false);
    await expectReviewError(
      submitReview(db, { ...base, body: "ok", authorName: "Y", authorEmail: "y@example.com" }, closed),
      "guests_not_allowed",
    );
    await expectReviewError(
      submitReview(db, { ...base, body: "ok", authorName: " " }, { guestReviews: true }),
      "author_required",
    );
    await expectReviewError(
      submitReview(
        db,
        { ...base, productId: 999_999, body: "ok", authorName: "Z", authorEmail: "z@example.com" },
        { guestReviews: true },
      ),
      "product_not_found",
    );
  });

  it("publishes a verified buyer's review at once under the account's name and updates the rating", async () => {
    const { db } = database;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000 });
    const vase = await insertSimpleProduct(db, { slug: "vase", price: 1000 });
    const [user] = await db
      .insert(users)
      .values({ email: "buyer@example.com", passwordHash: "x", displayName: "Bea" })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({
        orderKey: "wc_order_test",
        userId: user!.id,
        status: "completed",
        currency: "USD",
        subtotal: 1000,
        total: 1000,
        paymentMethod: "cod",
        billingAddress: address,
        shippingAddress: address,
      })
      .returning();
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId: mug.id,
      name: "mug",
      quantity: 1,
      unitPrice: 1000,
      total: 1000,
    });

    const bought = await submitReview(
      db,
      {
        productId: mug.id,
        userId: user!.id,
        rating: 5,
        body: "Lovely.",
        locale: "en",
        authorName: "ignored",
      },
      { guestReviews: false },
    );
    expect(bought.status).toBe("approved");
    expect(await ratingOf(mug.id)).toEqual({ average: 5, count: 1 });
    const [stored] = await db.select().from(reviews).where(eq(reviews.id, bought.id));
    expect(stored).toMatchObject({ authorName: "Bea", authorEmail: "buyer@example.com", userId: user!.id });

    const notBought = await submitReview(
      db,
      { productId: vase.id, userId: user!.id, rating: 3, body: "Fine.", locale: "en" },
      { guestReviews: false },
    );
    expect(notBought.status).toBe("pending");
    expect(await ratingOf(vase.id)).toEqual({ average: 0, count: 0 });
  });
});

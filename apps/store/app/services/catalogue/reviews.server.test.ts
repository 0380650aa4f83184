import { orderLines, orders, products, reviews, selectRows, settings, users } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
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

// Only PostgreSQL has a second connection: reviews of one product posted or moderated at the same moment.
describe.each((await availableDialects()).filter((dialect) => dialect === "postgres"))(
  "reviews of one product changed at once on %s",
  (dialect) => {
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

    /** A customer with a completed order of `productId`: a verified buyer, whose review is published at once. */
    async function insertBuyer(email: string, productId: number) {
      const { db } = database;
      const [user] = await db
        .insert(users)
        .values({ email, passwordHash: "x", displayName: email.split("@")[0]! })
        .returning();
      const [order] = await db
        .insert(orders)
        .values({
          orderKey: `wc_order_${email}`,
          userId: user!.id,
          status: "completed",
          currency: "USD",
          subtotal: 1000,
          total: 1000,
          paymentMethod: "cod",
          billingAddress: { ...address, email },
          shippingAddress: address,
        })
        .returning();
      await db
        .insert(orderLines)
        .values({ orderId: order!.id, productId, name: "mug", quantity: 1, unitPrice: 1000, total: 1000 });
      return user!.id;
    }

    /**
     * Another writer holds the product's row (as an owner's edit or a checkout's stock does) while
     * `changes` start, so each is under way before any can finish; they go on once it lets go.
     */
    async function whileProductHeld<T>(productId: number, changes: Array<() => Promise<T>>) {
      const { db } = database;
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const holding = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for update`);
        locked();
        await held;
      });
      onTestFinished(release);
      await holding;
      const waiting = async () =>
        (
          await selectRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          )
        )[0]?.n;
      const started: Array<Promise<T>> = [];
      for (const change of changes) {
        started.push(change());
        await expect.poll(waiting).toBe(started.length);
      }
      release();
      await holder;
      return Promise.allSettled(started);
    }

    it("counts both of two verified buyers' reviews posted at once", async () => {
      const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
      const ana = await insertBuyer("ana@example.com", mug.id);
      const luis = await insertBuyer("luis@example.com", mug.id);
      const post = (userId: number, rating: number) => () =>
        submitReview(
          database.db,
          { productId: mug.id, userId, rating, body: "Holds a lot.", locale: "en" },
          { guestReviews: true },
        );
      const posted = await whileProductHeld(mug.id, [post(ana, 5), post(luis, 2)]);
      expect(posted.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(await ratingOf(mug.id)).toEqual({ average: 3.5, count: 2 });
    });

    it("keeps one of two reviews from one e-mail posted at once and refuses the other as a duplicate", async () => {
      const mug = await insertSimpleProduct(database.db, { slug: "mug", price: 1000 });
      const post = () =>
        submitReview(
          database.db,
          {
            productId: mug.id,
            userId: null,
            rating: 4,
            body: "Holds a lot.",
            locale: "en",
            authorName: "Ana",
            authorEmail: "ana@example.com",
          },
          { guestReviews: true },
        );
      const posted = await whileProductHeld(mug.id, [post, post]);
      expect(
        posted.map((result) => (result.status === "rejected" ? (result.reason as ReviewError).code : "kept")),
      ).toEqual(expect.arrayContaining(["kept", "duplicate"]));
      expect(await database.db.select().from(reviews)).toHaveLength(1);
    });

    it("leaves the rating right after one review is approved while another is trashed", async () => {
      const { db } = database;
      const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000 });
      const [waiting, published] = await db
        .insert(reviews)
        .values([
          { productId: mug.id, authorName: "Ana", authorEmail: "ana@example.com", rating: 2, body: "Small." },
          {
            productId: mug.id,
            authorName: "Luis",
            authorEmail: "luis@example.com",
            rating: 5,
            body: "Lovely.",
            status: "approved",
          },
        ])
        .returning();
      await db.update(products).set({ averageRating: "5", reviewCount: 1 }).where(eq(products.id, mug.id));
      const changed = await whileProductHeld(mug.id, [
        () => changeReviewStatus(db, waiting!.id, "approved"),
        () => changeReviewStatus(db, published!.id, "trash"),
      ]);
      expect(changed.map((result) => result.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(await ratingOf(mug.id)).toEqual({ average: 2, count: 1 });
    });
  },
);

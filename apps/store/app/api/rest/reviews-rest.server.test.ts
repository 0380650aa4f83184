import { orderLines, orders, products } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { loadReviewSettings, submitReview } from "../../services/catalogue/reviews.server.ts";
import { orderAddress } from "../../services/orders/order-fixtures.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("review moderation REST on %s", (dialect) => {
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, { onInvalidate: (tags) => purges.push(tags) });
  const call = server.call;
  beforeEach(() => {
    purges.length = 0;
  });

  async function ratingOf(productId: number) {
    const [row] = await server.db
      .select({ average: products.averageRating, count: products.reviewCount })
      .from(products)
      .where(eq(products.id, productId));
    return { average: Number(row!.average), count: row!.count };
  }

  /** A mug with two guests' reviews waiting (Ana's 5 stars, Ben's 3) and one paid order by Ana's e-mail. */
  async function mugWithReviews() {
    const { db } = server;
    const mug = await insertSimpleProduct(db, { slug: "mug", price: 1000 });
    const reviewSettings = await loadReviewSettings(db);
    const review = (authorName: string, authorEmail: string, rating: number, body: string) =>
      submitReview(
        db,
        { productId: mug.id, userId: null, authorName, authorEmail, rating, body, locale: "en" },
        reviewSettings,
      );
    const ana = await review("Ana", orderAddress.email, 5, "Holds a lot.");
    const ben = await review("Ben", "ben@example.com", 3, "Chipped on arrival.");
    const [order] = await db
      .insert(orders)
      .values({
        orderKey: "wc_order_review",
        status: "completed",
        currency: "USD",
        subtotal: 1000,
        total: 1000,
        paymentMethod: "cod",
        billingAddress: orderAddress,
        shippingAddress: orderAddress,
      })
      .returning();
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId: mug.id,
      name: "Mug",
      quantity: 1,
      unitPrice: 1000,
      total: 1000,
    });
    return { mug, ana: ana.id, ben: ben.id };
  }

  it("lists the reviews waiting, in WooCommerce's shape, with whether the reviewer bought the product", async () => {
    const { mug, ana, ben } = await mugWithReviews();
    const editor = (await server.session("editor")).headers;
    const held = await call("/products/reviews?status=hold", editor);
    expect(held.status).toBe(200);
    expect(held.body).toEqual([
      {
        id: ben,
        date_created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        date_created_gmt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        product_id: mug.id,
        product_name: expect.any(String),
        product_permalink: `${server.config.publicUrl}/product/mug`,
        status: "hold",
        reviewer: "Ben",
        reviewer_email: "ben@example.com",
        review: "Chipped on arrival.",
        rating: 3,
        verified: false,
        reply: null,
      },
      expect.objectContaining({ id: ana, reviewer: "Ana", rating: 5, verified: true }),
    ]);
    // `approved` unless said, as WooCommerce's list.
    expect((await call("/products/reviews", editor)).body).toEqual([]);
    expect((await call(`/products/reviews?status=all&product=${mug.id}`, editor)).body).toHaveLength(2);
    expect((await call("/products/reviews?status=hold&product=999", editor)).body).toEqual([]);
    expect((await call("/products/reviews?status=hold&search=chipped", editor)).body).toEqual([
      expect.objectContaining({ id: ben }),
    ]);
    // A page of one, newest first; the verified check follows each page's review (decision 0065).
    expect((await call("/products/reviews?status=hold&per_page=1&page=1", editor)).body).toEqual([
      expect.objectContaining({ id: ben, verified: false }),
    ]);
    expect((await call("/products/reviews?status=hold&per_page=1&page=2", editor)).body).toEqual([
      expect.objectContaining({ id: ana, verified: true }),
    ]);
    expect((await call("/products/reviews/counts", editor)).body).toEqual({
      all: 2,
      hold: 2,
      approved: 0,
      spam: 0,
      trash: 0,
    });
  });

  it("approves, holds, marks as spam and restores, trashes and restores: the rating follows and the product's pages are purged", async () => {
    const { mug, ana, ben } = await mugWithReviews();
    const admin = (await server.session("administrator")).headers;
    const status = async (id: number, to: string) => {
      const answer = await call(`/products/reviews/${id}`, admin, "PUT", { status: to });
      expect(answer.status).toBe(200);
      return answer.body.status;
    };

    expect(await status(ana, "approved")).toBe("approved");
    expect(await ratingOf(mug.id)).toEqual({ average: 5, count: 1 });
    expect(purges).toEqual([[`product-${mug.id}`, "listing"]]);
    expect(await status(ben, "approved")).toBe("approved");
    expect(await ratingOf(mug.id)).toEqual({ average: 4, count: 2 });

    // Spam and back: where it was before (approved), and the rating with it.
    expect(await status(ben, "spam")).toBe("spam");
    expect(await ratingOf(mug.id)).toEqual({ average: 5, count: 1 });
    expect(await status(ben, "unspam")).toBe("approved");
    expect(await ratingOf(mug.id)).toEqual({ average: 4, count: 2 });

    // Held, then trashed and restored: waiting again.
    expect(await status(ben, "hold")).toBe("hold");
    expect((await call(`/products/reviews/${ben}`, admin, "DELETE")).body.status).toBe("trash");
    const again = await call(`/products/reviews/${ben}`, admin, "DELETE");
    expect(again.status).toBe(410);
    expect(again.body.code).toBe("woocommerce_rest_already_trashed");
    expect(await status(ben, "untrash")).toBe("hold");
    expect(await ratingOf(mug.id)).toEqual({ average: 5, count: 1 });
    expect((await call("/products/reviews/counts", admin)).body).toMatchObject({ hold: 1, approved: 1 });

    // The store's reply: set, shown in the record, taken away by an empty one.
    purges.length = 0;
    const replied = await call(`/products/reviews/${ana}`, admin, "PUT", { reply: "  Thank you, Ana!  " });
    expect(replied.body).toMatchObject({ reply: "Thank you, Ana!", status: "approved" });
    expect(purges).toEqual([[`product-${mug.id}`, "listing"]]);
    expect((await call(`/products/reviews/${ana}`, admin, "PUT", { reply: "" })).body.reply).toBeNull();

    // For good: answered as it was, and gone.
    const deleted = await call(`/products/reviews/${ana}?force=true`, admin, "DELETE");
    expect(deleted.body).toEqual({
      deleted: true,
      previous: expect.objectContaining({ id: ana, status: "approved" }),
    });
    expect(await ratingOf(mug.id)).toEqual({ average: 0, count: 0 });
    expect((await call(`/products/reviews/${ana}`, admin)).status).toBe(404);
  });

  it("is for editors and administrators only, and refuses unknown reviews and statuses", async () => {
    const { ana } = await mugWithReviews();
    const customer = (await server.session("customer")).headers;
    const admin = (await server.session("administrator")).headers;
    expect((await call("/products/reviews?status=hold", {})).status).toBe(401);
    expect((await call("/products/reviews?status=hold", customer)).status).toBe(403);
    expect((await call(`/products/reviews/${ana}`, customer, "PUT", { status: "approved" })).status).toBe(
      403,
    );
    const refusals: Array<[string, string, unknown, number, string]> = [
      ["/products/reviews/999", "GET", undefined, 404, "woocommerce_rest_review_invalid_id"],
      ["/products/reviews/999", "PUT", { status: "approved" }, 404, "woocommerce_rest_review_invalid_id"],
      ["/products/reviews/999", "DELETE", undefined, 404, "woocommerce_rest_review_invalid_id"],
      [`/products/reviews/${ana}`, "PUT", { status: "published" }, 400, "rest_invalid_param"],
      [`/products/reviews/${ana}`, "PUT", { status: "approved", rating: 1 }, 400, "rest_invalid_param"],
      [`/products/reviews/${ana}`, "PUT", {}, 400, "rest_invalid_param"],
      [`/products/reviews/${ana}`, "PUT", { reply: "x".repeat(5001) }, 400, "rest_invalid_param"],
      ["/products/reviews?status=pending", "GET", undefined, 400, "rest_invalid_param"],
      ["/products/reviews?product=mug", "GET", undefined, 400, "rest_invalid_param"],
      [`/products/reviews/${ana}?force=maybe`, "DELETE", undefined, 400, "rest_invalid_param"],
    ];
    for (const [path, method, body, status, code] of refusals) {
      const answer = await call(path, admin, method, body);
      expect([path, method, answer.status, answer.body.code]).toEqual([path, method, status, code]);
    }
    // Nothing changed.
    expect((await call(`/products/reviews/${ana}`, admin)).body.status).toBe("hold");
  });
});

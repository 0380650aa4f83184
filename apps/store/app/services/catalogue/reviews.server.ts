import {
  type Database,
  orderLines,
  orders,
  products,
  reviews,
  settings,
  type Transaction,
  users,
} from "@vitrine/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { moderateReview, type ReviewSettings, type ReviewStatus } from "./review-moderation.server.ts";

const reviewSettingsSchema = z.object({ guestReviews: z.boolean().catch(true) });

/** The `reviews` row of the settings table; a missing or malformed one means the defaults. */
export async function loadReviewSettings(db: Database): Promise<ReviewSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "reviews"));
  return reviewSettingsSchema.parse(row?.value ?? {});
}

export type ReviewErrorCode =
  | "product_not_found"
  | "guests_not_allowed"
  | "duplicate"
  | "author_required"
  | "reviews_closed";

export class ReviewError extends Error {
  constructor(readonly code: ReviewErrorCode) {
    super(code);
  }
}

export type NewReview = {
  productId: number;
  userId: number | null;
  /** Ignored for a signed-in customer: the account's name and e-mail are used. */
  authorName?: string;
  authorEmail?: string;
  rating: number;
  body: string;
  locale: string;
};

/** Paid orders count as a purchase; pending, failed or refunded ones do not. */
const purchasedStatuses = ["processing", "completed"] as const;

/** Stores a review under the moderation rules; an approved one updates the product's rating at once. */
export async function submitReview(
  db: Database,
  review: NewReview,
  reviewSettings: ReviewSettings,
): Promise<{ id: number; status: ReviewStatus }> {
  return db.transaction(async (tx) => {
    // The product's row is held to the end: reviews of one product posted at once are stored one
    // after the other, so the later sees the earlier (a second one from the same e-mail is refused)
    // and counts it in the rating.
    const [product] = await tx
      .select({ id: products.id, reviewsAllowed: products.reviewsAllowed })
      .from(products)
      .where(and(eq(products.id, review.productId), eq(products.status, "publish")))
      .for("no key update");
    if (!product) throw new ReviewError("product_not_found");
    // The owner turned this product's reviews off (decision 0079): its page has no form either.
    if (!product.reviewsAllowed) throw new ReviewError("reviews_closed");

    let authorName = review.authorName?.trim() ?? "";
    let authorEmail = review.authorEmail?.trim().toLowerCase() ?? "";
    let verifiedBuyer = false;
    if (review.userId !== null) {
      const [user] = await tx
        .select({ email: users.email, displayName: users.displayName })
        .from(users)
        .where(eq(users.id, review.userId));
      if (user) {
        authorEmail = user.email;
        authorName = user.displayName || user.email.split("@")[0]!;
        const [bought] = await tx
          .select({ one: sql<number>`1` })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(
            and(
              eq(orders.userId, review.userId),
              eq(orderLines.productId, review.productId),
              inArray(orders.status, [...purchasedStatuses]),
            ),
          )
          .limit(1);
        verifiedBuyer = bought !== undefined;
      }
    }
    if (!authorName || !authorEmail) throw new ReviewError("author_required");

    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(eq(reviews.productId, review.productId), sql`lower(${reviews.authorEmail}) = ${authorEmail}`),
      )
      .limit(1);
    const outcome = moderateReview(
      { authorName, authorEmail, body: review.body, userId: review.userId, verifiedBuyer },
      { settings: reviewSettings, alreadyReviewed: existing !== undefined },
    );
    if (!outcome.accepted) throw new ReviewError(outcome.reason);

    const [row] = await tx
      .insert(reviews)
      .values({
        productId: review.productId,
        userId: review.userId,
        authorName,
        authorEmail,
        rating: review.rating,
        body: review.body,
        locale: review.locale,
        status: outcome.status,
      })
      .returning({ id: reviews.id });
    if (outcome.status === "approved") await refreshRating(tx, review.productId);
    return { id: row!.id, status: outcome.status };
  });
}

/**
 * The product's average rating and review count, from its approved reviews. The product's row is
 * held first, so of two changes to its reviews at once the later counts after the earlier is
 * committed, and the last figures written count both.
 */
export async function refreshRating(tx: Transaction, productId: number): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("no key update");
  const approved = and(eq(reviews.productId, productId), eq(reviews.status, "approved"));
  const [summary] = await tx
    .select({
      average: sql<string>`coalesce(round(avg(${reviews.rating}), 2), 0)::text`,
      total: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(approved);
  await tx
    .update(products)
    .set({ averageRating: summary?.average ?? "0", reviewCount: Number(summary?.total ?? 0) })
    .where(eq(products.id, productId));
}

/** The id of the published product at `slug`, which a review form posts to. */
export async function reviewableProductId(db: Database, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.status, "publish")));
  return row?.id ?? null;
}

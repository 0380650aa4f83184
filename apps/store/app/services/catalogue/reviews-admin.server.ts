import { type Database, orderLines, orders, products, reviews, type Transaction } from "@vitrine/db";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type {
  ReviewAction,
  ReviewApiStatus,
  ReviewCounts,
  ReviewListFilters,
  ReviewRecord,
  ReviewUpdateInput,
} from "../../lib/review-resource.ts";
import { FALLBACK_LOCALE, productTexts } from "../shared/translations.server.ts";
import { refreshRating } from "./reviews.server.ts";
import { escapeLike } from "./search.server.ts";

/**
 * Review moderation (issue 39, decision 0004): the queue by status, and a moderator's decisions.
 * Every change of status recomputes the product's rating and review count in the same transaction
 * and answers the product's id, whose pages the caller purges.
 */

type StoredStatus = (typeof reviews.$inferSelect)["status"];

/** The API's status of a stored one: WooCommerce calls a review waiting for approval `hold`. */
const apiStatus = (status: StoredStatus): ReviewApiStatus => (status === "pending" ? "hold" : status);
const storedStatus = (status: ReviewApiStatus): StoredStatus => (status === "hold" ? "pending" : status);

/** Paid orders count as a purchase, as for a review's moderation. */
const PAID = ["processing", "completed"] as const;

/** The reviewer bought the product: a paid order of their account, or under their e-mail, holds it. */
const verified = sql<boolean>`exists (
  select 1 from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
  where ${orderLines.productId} = ${reviews.productId}
    and ${inArray(orders.status, [...PAID])}
    and (${orders.userId} = ${reviews.userId}
      or lower(${orders.billingAddress} ->> 'email') = lower(${reviews.authorEmail})))`;

const columns = {
  id: reviews.id,
  createdAt: reviews.createdAt,
  productId: reviews.productId,
  productSlug: products.slug,
  productName: productTexts.inLocale("name", FALLBACK_LOCALE),
  status: reviews.status,
  reviewer: reviews.authorName,
  reviewerEmail: reviews.authorEmail,
  review: reviews.body,
  rating: reviews.rating,
  verified,
  reply: reviews.reply,
};

/** Reviews with their product, as the API shows them. */
const selectReviews = (db: Database) =>
  db.select(columns).from(reviews).innerJoin(products, eq(products.id, reviews.productId));
type Row = Awaited<ReturnType<typeof selectReviews>>[number];

function record(row: Row, publicUrl: string): ReviewRecord {
  const date = row.createdAt.toISOString().slice(0, 19);
  return {
    id: row.id,
    date_created: date,
    date_created_gmt: date,
    product_id: row.productId,
    product_name: row.productName ?? row.productSlug,
    product_permalink: `${publicUrl}/product/${row.productSlug}`,
    status: apiStatus(row.status),
    reviewer: row.reviewer,
    reviewer_email: row.reviewerEmail,
    review: row.review,
    rating: row.rating,
    verified: Boolean(row.verified),
    reply: row.reply,
  };
}

function listWhere(filters: ReviewListFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.status === "all") where.push(inArray(reviews.status, ["pending", "approved"]));
  else where.push(eq(reviews.status, storedStatus(filters.status)));
  if (filters.product?.length) where.push(inArray(reviews.productId, filters.product));
  const search = filters.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    where.push(
      or(
        ilike(reviews.authorName, pattern),
        ilike(reviews.authorEmail, pattern),
        ilike(reviews.body, pattern),
      )!,
    );
  }
  return and(...where);
}

/** A page of reviews, newest first. `all` is WordPress's: the approved and those waiting, not spam or trash. */
export async function listReviewsForAdmin(
  db: Database,
  filters: ReviewListFilters,
  page: { limit: number; offset: number },
  publicUrl: string,
): Promise<{ total: number; reviews: ReviewRecord[] }> {
  const where = listWhere(filters);
  const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];
  const [total] = await db.select({ n: count() }).from(reviews).where(where);
  // The page's ids first, then their columns: the verified-owner check runs for the page's reviews
  // only, not for every review an offset skips (decision 0065).
  const pageIds = db
    .select({ id: reviews.id })
    .from(reviews)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  const rows = await selectReviews(db)
    .where(inArray(reviews.id, pageIds))
    .orderBy(...newestFirst);
  return { total: total?.n ?? 0, reviews: rows.map((row) => record(row, publicUrl)) };
}

export async function reviewForAdmin(
  db: Database,
  id: number,
  publicUrl: string,
): Promise<ReviewRecord | null> {
  const [row] = await selectReviews(db).where(eq(reviews.id, id));
  return row ? record(row, publicUrl) : null;
}

/** How many reviews each status has; `all` as the list counts it. */
export async function reviewCounts(db: Database): Promise<ReviewCounts> {
  const rows = await db.select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status);
  const of = (status: StoredStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return {
    all: of("pending") + of("approved"),
    hold: of("pending"),
    approved: of("approved"),
    spam: of("spam"),
    trash: of("trash"),
  };
}

/** How many reviews wait for approval, for the back office's navigation (one index range). */
export async function reviewsWaiting(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, "pending"));
  return row?.n ?? 0;
}

export class ReviewChangeError extends Error {
  constructor(readonly code: "already_trashed") {
    super(code);
  }
}

/**
 * A moderator's change to review `id`: its status, as WordPress makes it (`spam` and `trash` remember
 * where the review was, `unspam` and `untrash` put it back there: waiting for approval when nothing
 * was remembered, or when it is not in spam or trash), and the store's reply (empty takes it away),
 * in one transaction with the product's rating. Answers the product's id; null for an unknown review.
 */
export async function updateReview(
  db: Database,
  id: number,
  change: ReviewUpdateInput,
): Promise<{ productId: number } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
    if (!current) return null;
    const set: Partial<typeof reviews.$inferInsert> = {};
    if (change.reply !== undefined) set.reply = change.reply || null;
    const next = change.status === undefined ? null : nextStatus(current, change.status);
    if (next && next.status !== current.status) Object.assign(set, next);
    if (Object.keys(set).length > 0) await tx.update(reviews).set(set).where(eq(reviews.id, id));
    if (next && (next.status === "approved" || current.status === "approved"))
      await refreshRating(tx, current.productId);
    return { productId: current.productId };
  });
}

/** A change of status alone (`updateReview`). */
export const changeReviewStatus = (db: Database, id: number, status: ReviewAction) =>
  updateReview(db, id, { status });

function nextStatus(
  current: typeof reviews.$inferSelect,
  action: ReviewAction,
): { status: StoredStatus; statusBefore: typeof reviews.$inferSelect.statusBefore } {
  const putBack = current.statusBefore ?? "pending";
  switch (action) {
    case "approved":
      return { status: "approved", statusBefore: null };
    case "hold":
      return { status: "pending", statusBefore: null };
    case "spam":
    case "trash":
      if (current.status === action) return { status: current.status, statusBefore: current.statusBefore };
      // Spam trashed and restored is spam again; trash cannot be what a review goes back to.
      return { status: action, statusBefore: current.status === "trash" ? putBack : current.status };
    case "unspam":
      return current.status === "spam"
        ? { status: putBack, statusBefore: null }
        : { status: current.status, statusBefore: current.statusBefore };
    case "untrash":
      return current.status === "trash"
        ? { status: putBack, statusBefore: null }
        : { status: current.status, statusBefore: current.statusBefore };
  }
}

/**
 * `DELETE`: for good with `force` (answering the review as it was), else to the trash (refused when
 * it is there already). Null for an unknown review.
 */
export async function deleteReview(
  db: Database,
  id: number,
  force: boolean,
): Promise<{ productId: number } | null> {
  if (!force) {
    const [current] = await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, id));
    if (current?.status === "trash") throw new ReviewChangeError("already_trashed");
    return changeReviewStatus(db, id, "trash");
  }
  return db.transaction(async (tx: Transaction) => {
    const [gone] = await tx
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({ productId: reviews.productId, status: reviews.status });
    if (!gone) return null;
    if (gone.status === "approved") await refreshRating(tx, gone.productId);
    return { productId: gone.productId };
  });
}

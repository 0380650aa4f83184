import type { AppLoadContext } from "react-router";
import { listPage } from "../../../lib/paging.ts";
import { REVIEW_STATUSES, type ReviewApiStatus } from "../../../lib/review-resource.ts";
import { listReviewsForAdmin, reviewCounts } from "../../../services/catalogue/reviews-admin.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/** Reviews a page of the queue shows. */
export const REVIEWS_PER_PAGE = 20;

/**
 * A page of the moderation queue (issue 39): the reviews of one status (`?status=`, those waiting
 * unless said), newest first, and every status's count; for editors and administrators.
 */
export async function loadReviewQueue(context: AppLoadContext, request: Request) {
  const { query } = await staffRequest(context, request, "staff");
  const asked = query.get("status");
  const status: ReviewApiStatus = REVIEW_STATUSES.find((each) => each === asked) ?? "hold";
  const { page, rows, pages } = listPage(query, REVIEWS_PER_PAGE);
  const [found, counts] = await Promise.all([
    listReviewsForAdmin(context.db, { status }, rows, context.config.publicUrl),
    reviewCounts(context.db),
  ]);
  return { status, reviews: found.reviews, counts, page, pages: pages(found.total) };
}

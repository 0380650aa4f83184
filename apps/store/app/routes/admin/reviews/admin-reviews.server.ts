import type { AppLoadContext } from "react-router";
import { pageCount, pageNumber } from "../../../lib/paging.ts";
import { REVIEW_STATUSES, type ReviewApiStatus } from "../../../lib/review-resource.ts";
import { listReviewsForAdmin, reviewCounts } from "../../../services/catalogue/reviews-admin.server.ts";
import { requireStaff } from "../../../services/people/staff-access.server.ts";

/** Reviews a page of the queue shows. */
export const REVIEWS_PER_PAGE = 20;

/**
 * A page of the moderation queue (issue 39): the reviews of one status (`?status=`, those waiting
 * unless said), newest first, and every status's count; for editors and administrators.
 */
export async function loadReviewQueue(context: AppLoadContext, request: Request) {
  await requireStaff(context, request);
  const query = new URL(request.url).searchParams;
  const asked = query.get("status");
  const status: ReviewApiStatus = REVIEW_STATUSES.find((each) => each === asked) ?? "hold";
  const page = pageNumber(query.get("page"));
  const [found, counts] = await Promise.all([
    listReviewsForAdmin(
      context.db,
      { status },
      { limit: REVIEWS_PER_PAGE, offset: (page - 1) * REVIEWS_PER_PAGE },
      context.config.publicUrl,
    ),
    reviewCounts(context.db),
  ]);
  return { status, reviews: found.reviews, counts, page, pages: pageCount(found.total, REVIEWS_PER_PAGE) };
}

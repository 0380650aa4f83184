import type { AppContext } from "../../context.server.ts";
import { reviewDeleteQuery, reviewListFilters, reviewUpdateInput } from "../../lib/review-resource.ts";
import {
  deleteReview,
  listReviewsForAdmin,
  ReviewChangeError,
  reviewCounts,
  reviewForAdmin,
  updateReview,
} from "../../services/catalogue/reviews-admin.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Review moderation for editors and administrators (issue 39), in the shape of WooCommerce's
 * `wc/v3/products/reviews`: `GET /products/reviews` (`status`, `product`, `search`),
 * `GET /products/reviews/counts`, `GET|PUT /products/reviews/{id}` (`{status}`, `{reply}`) and
 * `DELETE /products/reviews/{id}[?force=true]`.
 */

const invalidId = () => new rest.RestError(404, "woocommerce_rest_review_invalid_id", "Invalid review ID.");

/** The product's page and every card of it show its rating and review count; listings sorted by rating may reorder. */
const productChanged = (context: AppContext, productId: number) =>
  context.invalidatePages([PageTags.product(productId), PageTags.listing]);

async function sendReview(context: AppContext, res: Parameters<rest.Handler>[3], id: number) {
  const review = await reviewForAdmin(context.db, id, context.config.publicUrl);
  if (!review) throw invalidId();
  res.json(review);
}

const list: rest.Handler = async (context, _caller, req, res) => {
  const page = rest.parseList(req);
  const filters = rest.parsed(reviewListFilters, req.query, "status");
  const found = await listReviewsForAdmin(context.db, filters, page, context.config.publicUrl);
  rest.sendPage(context, req, res, page, found.total, found.reviews);
};

const counts: rest.Handler = async (context, _caller, _req, res) => {
  res.json(await reviewCounts(context.db));
};

const read: rest.Handler = async (context, _caller, req, res) => {
  await sendReview(context, res, rest.parseId(req));
};

const update: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  const changed = await updateReview(context.db, id, rest.parsed(reviewUpdateInput, req.body, "status"));
  if (!changed) throw invalidId();
  productChanged(context, changed.productId);
  await sendReview(context, res, id);
};

const remove: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  const { force } = rest.parsed(reviewDeleteQuery, { force: req.query.force }, "force");
  // What a deletion for good answers: the review as it was.
  const previous = force ? await reviewForAdmin(context.db, id, context.config.publicUrl) : null;
  try {
    const removed = await deleteReview(context.db, id, force);
    if (!removed) throw invalidId();
    productChanged(context, removed.productId);
  } catch (error) {
    if (error instanceof ReviewChangeError)
      throw new rest.RestError(
        410,
        "woocommerce_rest_already_trashed",
        "The object has already been trashed.",
      );
    throw error;
  }
  if (force) res.json({ deleted: true, previous });
  else await sendReview(context, res, id);
};

export const reviewRoutes: rest.RestRoute[] = [
  { method: "get", path: "/products/reviews", needs: "staff", handler: list },
  { method: "get", path: "/products/reviews/counts", needs: "staff", handler: counts },
  { method: "get", path: "/products/reviews/:id", needs: "staff", handler: read },
  { method: "put", path: "/products/reviews/:id", needs: "staff", handler: update },
  { method: "delete", path: "/products/reviews/:id", needs: "staff", handler: remove },
];

import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { ReviewField, ReviewFormState } from "../../features/product/reviews.tsx";
import { mailReviewWaiting } from "../../services/catalogue/review-mail.server.tsx";
import {
  loadReviewSettings,
  ReviewError,
  reviewableProductId,
  submitReview,
} from "../../services/catalogue/reviews.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";

const text = (max: number) => z.string().trim().min(1).max(max);
const reviewSchema = z.object({
  intent: z.literal("review"),
  rating: z.coerce.number().int().min(1).max(5),
  comment: text(5000),
  author: text(100).optional(),
  email: z.email().max(254).optional(),
});

/**
 * The product page's form post: a review (`intent=review`). Field errors come back as translation
 * keys with the typed values, so the page re-renders the form with JavaScript or without.
 */
export async function handleProductAction(context: AppLoadContext, request: Request, slug: string) {
  const form = await request.formData();
  const fields = Object.fromEntries(
    [...form.entries()].filter(([, value]) => typeof value === "string" && value !== ""),
  ) as Record<string, string>;
  if (fields.intent !== "review") {
    throw data({ code: "invalid_request", message: "Unknown product action." }, { status: 400 });
  }
  const productId = await reviewableProductId(context.db, slug);
  if (productId === null) throw data(null, { status: 404 });

  const session = await context.session.get();
  const userId = session?.userId ?? null;
  const values = {
    rating: fields.rating,
    comment: fields.comment,
    author: fields.author,
    email: fields.email,
  };
  const errors: ReviewFormState["errors"] = {};
  const parsed = reviewSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "rating" || field === "comment" || field === "author" || field === "email") {
        errors[field] = `reviews.errors.${field}`;
      }
    }
  }
  if (userId === null) {
    if (!fields.author) errors.author = "reviews.errors.author";
    if (!fields.email) errors.email = "reviews.errors.email";
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    return data({ errors, values } satisfies ReviewFormState, { status: 400 });
  }

  let review: { id: number; status: "pending" | "approved" | "spam" };
  try {
    review = await submitReview(
      context.db,
      {
        productId,
        userId,
        authorName: parsed.data.author,
        authorEmail: parsed.data.email,
        rating: parsed.data.rating,
        body: parsed.data.comment,
        locale: context.locale,
      },
      await loadReviewSettings(context.db),
    );
  } catch (error) {
    if (!(error instanceof ReviewError)) throw error;
    const field: ReviewField = "form";
    return data({ errors: { [field]: `reviews.errors.${error.code}` }, values } satisfies ReviewFormState, {
      status: error.code === "product_not_found" ? 404 : error.code === "reviews_closed" ? 403 : 400,
    });
  }
  const { status } = review;
  // The product's page and its cards show the new rating; listings sorted by rating may reorder.
  if (status === "approved") context.invalidatePages([PageTags.product(productId), PageTags.listing]);
  // WordPress asks its administrators to moderate what waits; spam waits for no one.
  if (status === "pending") await mailReviewWaiting(context, review.id);
  // Spam is not told apart from pending: a spammer learns nothing.
  const notice = status === "approved" ? "approved" : "pending";
  throw redirect(`/product/${encodeURIComponent(slug)}?review=${notice}#reviews`);
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formatDate } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import type { ReviewView } from "../../services/catalogue.server.ts";
import { announceHashChange } from "./scroll.ts";

export type ReviewField = "rating" | "comment" | "author" | "email" | "form";
export type ReviewFormState = {
  errors: Partial<Record<ReviewField, string>>;
  values: { rating?: string; comment?: string; author?: string; email?: string };
};

/** "N customer reviews": pushes #reviews to history, then opens and scrolls to the reviews. */
export function ReviewLink({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real link to #reviews, which also works without JavaScript.
    <a
      href="#reviews"
      className="woocommerce-review-link underline"
      onClick={(event) => {
        event.preventDefault();
        window.history.pushState(window.history.state, "", "#reviews");
        announceHashChange();
      }}
    >
      {t("catalogue.reviewCount", { count })}
    </a>
  );
}

export function ReviewsSection({
  productName,
  reviews,
  locale,
  guestsMayReview,
  signedIn,
  notice,
  form,
}: {
  productName: string;
  reviews: ReviewView[];
  locale: Locale;
  guestsMayReview: boolean;
  signedIn: boolean;
  notice: "pending" | "approved" | null;
  form: ReviewFormState | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div id="reviews" className="woocommerce-Reviews space-y-6">
      {notice && (
        <p role="status" className="border-l-4 border-brand bg-emerald-50 px-4 py-3">
          {t(notice === "approved" ? "reviews.published" : "reviews.awaitingApproval")}
        </p>
      )}
      <div id="comments">
        {reviews.length === 0 ? (
          <p>{t("product.noReviews")}</p>
        ) : (
          <ol className="commentlist space-y-4">
            {reviews.map((review) => (
              <li key={review.id} id={`comment-${review.id}`} className="border-b border-stone-200 pb-3">
                <p className="text-sm">
                  <span aria-hidden="true">{"★".repeat(review.rating).padEnd(5, "☆")}</span>
                  <span className="sr-only">{t("catalogue.rating", { rating: review.rating })}</span>{" "}
                  {t("product.reviewBy", { author: review.author, date: formatDate(review.date, locale) })}
                </p>
                <p className="mt-1">{review.body}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
      {signedIn || guestsMayReview ? (
        <ReviewForm productName={productName} hasReviews={reviews.length > 0} guest={!signedIn} form={form} />
      ) : (
        <p>{t("reviews.errors.guests_not_allowed")}</p>
      )}
    </div>
  );
}

function ReviewForm({
  productName,
  hasReviews,
  guest,
  form,
}: {
  productName: string;
  hasReviews: boolean;
  guest: boolean;
  form: ReviewFormState | undefined;
}) {
  const { t } = useTranslation();
  const errors = form?.errors ?? {};
  const values = form?.values ?? {};
  const [rating, setRating] = useState(Number(values.rating) || 0);
  const fieldError = (field: ReviewField) =>
    errors[field] ? (
      <p id={`review-${field}-error`} className="mt-1 text-sm text-sale">
        {t(errors[field])}
      </p>
    ) : null;
  const described = (field: ReviewField) => (errors[field] ? `review-${field}-error` : undefined);

  return (
    <div id="review_form_wrapper" className="rounded border border-stone-200 p-4">
      <h3 id="reply-title" className="mb-3 text-lg font-semibold">
        {hasReviews ? t("reviews.addReview") : t("reviews.firstReview", { name: productName })}
      </h3>
      <Form
        method="post"
        preventScrollReset
        className="comment-form space-y-4"
        aria-labelledby="reply-title"
        noValidate
      >
        <input type="hidden" name="intent" value="review" />
        {errors.form && (
          <p role="alert" className="border-l-4 border-sale bg-red-50 px-4 py-3">
            {t(errors.form)}
          </p>
        )}
        <fieldset className="comment-form-rating" aria-describedby={described("rating")}>
          <legend className="font-medium">
            {t("reviews.yourRating")} <span aria-hidden="true">*</span>
          </legend>
          <div className="stars mt-1 flex gap-1">
            {[1, 2, 3, 4, 5].map((value) => (
              <label key={value} className="star relative cursor-pointer text-3xl leading-none">
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  required
                  defaultChecked={Number(values.rating) === value}
                  onChange={() => setRating(value)}
                  className="peer absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0"
                />
                <span
                  aria-hidden="true"
                  className={`pointer-events-none rounded peer-checked:text-amber-500 peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${
                    value <= rating ? "text-amber-500" : "text-stone-300"
                  }`}
                >
                  ★
                </span>
                <span className="sr-only">{t("reviews.stars", { count: value })}</span>
              </label>
            ))}
          </div>
          {fieldError("rating")}
        </fieldset>
        <div>
          <label htmlFor="review-comment" className="block font-medium">
            {t("reviews.yourReview")} <span aria-hidden="true">*</span>
          </label>
          <textarea
            id="review-comment"
            name="comment"
            required
            rows={5}
            maxLength={5000}
            defaultValue={values.comment}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={described("comment")}
            className="mt-1 w-full rounded border border-stone-300 px-2 py-1"
          />
          {fieldError("comment")}
        </div>
        {guest && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="review-author" className="block font-medium">
                {t("reviews.name")} <span aria-hidden="true">*</span>
              </label>
              <input
                id="review-author"
                name="author"
                autoComplete="name"
                required
                maxLength={100}
                defaultValue={values.author}
                aria-invalid={errors.author ? true : undefined}
                aria-describedby={described("author")}
                className="mt-1 w-full rounded border border-stone-300 px-2 py-1"
              />
              {fieldError("author")}
            </div>
            <div>
              <label htmlFor="review-email" className="block font-medium">
                {t("reviews.email")} <span aria-hidden="true">*</span>
              </label>
              <input
                id="review-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                defaultValue={values.email}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={described("email")}
                className="mt-1 w-full rounded border border-stone-300 px-2 py-1"
              />
              {fieldError("email")}
            </div>
          </div>
        )}
        <button
          type="submit"
          className="rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          {t("reviews.submit")}
        </button>
      </Form>
    </div>
  );
}

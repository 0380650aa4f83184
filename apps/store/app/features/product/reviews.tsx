import { useState } from "react";
import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, TextareaField, TextField } from "../../components/ui/fields.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ReviewView } from "../../lib/catalogue.ts";
import { useSignedIn } from "../account/use-signed-in.ts";
import { announceHashChange } from "./product-scroll.ts";

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
  guestsMayReview,
  signedIn,
  notice,
  form,
}: {
  productName: string;
  reviews: ReviewView[];
  guestsMayReview: boolean;
  signedIn: boolean;
  notice: "pending" | "approved" | null;
  form: ReviewFormState | undefined;
}) {
  const { t } = useTranslation();
  // The product page is shared by every shopper: a signed-in customer's form follows the hint.
  const signedInNow = useSignedIn(signedIn);
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
                  {t("product.reviewBy", { author: review.author, date: review.dateText })}
                </p>
                <p className="mt-1 whitespace-pre-line">{review.body}</p>
                {review.reply && (
                  <div className="store-reply mt-2 ml-6 border-l-2 border-brand pl-3">
                    <p className="text-sm font-semibold">{t("product.storeReply")}</p>
                    <p className="whitespace-pre-line">{review.reply}</p>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      {signedInNow || guestsMayReview ? (
        <ReviewForm
          productName={productName}
          hasReviews={reviews.length > 0}
          guest={!signedInNow}
          form={form}
        />
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
  const error = (field: ReviewField) => (errors[field] ? t(errors[field]) : undefined);
  const required = (label: string) => (
    <>
      {label} <span aria-hidden="true">*</span>
    </>
  );
  const field = (name: "comment" | "author" | "email") => ({
    id: `review-${name}`,
    name,
    required: true,
    defaultValue: values[name],
    error: error(name),
    className: "",
    labelClassName: "block font-medium",
  });

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
        <fieldset
          className="comment-form-rating"
          aria-describedby={errors.rating ? "review-rating-error" : undefined}
        >
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
          <FieldError id="review-rating" error={error("rating")} />
        </fieldset>
        <TextareaField
          {...field("comment")}
          label={required(t("reviews.yourReview"))}
          rows={5}
          maxLength={5000}
        />
        {guest && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...field("author")}
              label={required(t("reviews.name"))}
              autoComplete="name"
              maxLength={100}
            />
            <TextField
              {...field("email")}
              label={required(t("reviews.email"))}
              type="email"
              autoComplete="email"
              maxLength={254}
            />
          </div>
        )}
        <Button type="submit">{t("reviews.submit")}</Button>
      </Form>
    </div>
  );
}

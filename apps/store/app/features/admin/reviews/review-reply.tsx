import { ADMIN_FIELD, ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { REVIEW_REPLY_MAX, type ReviewRecord, type ReviewUpdateInput } from "../../../lib/review-resource.ts";

/**
 * The store's reply to a review, shown under it on the product page: a disclosure with a text box,
 * saved as `{reply}` (an empty one takes the reply away).
 */
export function ReviewReply({
  review,
  busy,
  onSave,
}: {
  review: ReviewRecord;
  busy: boolean;
  onSave: (change: ReviewUpdateInput) => void;
}) {
  const { t } = useTranslation();
  const id = `review-reply-${review.id}`;
  return (
    <details className="mt-2" open={review.reply !== null}>
      <summary className="cursor-pointer text-sm underline">
        {t(review.reply === null ? "backOffice.reviews.reply" : "backOffice.reviews.editReply")}
      </summary>
      <form
        className="mt-2 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ reply: String(new FormData(event.currentTarget).get("reply") ?? "") });
        }}
      >
        <label htmlFor={id} className="block text-sm">
          {t("backOffice.reviews.replyLabel", { author: review.reviewer })}
        </label>
        <textarea
          id={id}
          name="reply"
          rows={3}
          maxLength={REVIEW_REPLY_MAX}
          defaultValue={review.reply ?? ""}
          className={ADMIN_FIELD}
        />
        <button type="submit" className={ADMIN_ROW_BUTTON} disabled={busy}>
          {t("backOffice.reviews.saveReply")}
        </button>
      </form>
    </details>
  );
}

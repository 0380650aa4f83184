import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { DataTable } from "../../../components/ui/data-table.tsx";
import type { Selection } from "../../../components/ui/data-table-selection.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ReviewApiStatus, ReviewRecord, ReviewUpdateInput } from "../../../lib/review-resource.ts";
import { ACTIONS_BY_STATUS, type ModerationAction } from "./review-actions.ts";
import { ReviewReply } from "./review-reply.tsx";

/**
 * The reviews of one tab: who wrote each (and whether they bought the product), its rating, text,
 * product and date, and a button for each action the tab offers, named for its review.
 */
export function ReviewTable({
  status,
  reviews,
  busy,
  selection,
  onAction,
  onReply,
}: {
  status: ReviewApiStatus;
  reviews: ReviewRecord[];
  busy: boolean;
  selection: { selected: Selection; onChange: (next: Selection) => void };
  onAction: (review: ReviewRecord, action: ModerationAction) => void;
  onReply: (review: ReviewRecord, change: ReviewUpdateInput) => void;
}) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <DataTable
      rows={reviews}
      rowKey={(review) => String(review.id)}
      caption={t(`backOffice.reviews.status.${status}`)}
      empty={<p>{t("backOffice.reviews.empty")}</p>}
      className="review-table"
      minWidth="min-w-[48rem]"
      alignTop
      rowProps={(review) => ({ className: "review-row", "data-review": review.id })}
      selection={{
        name: "review",
        form: "review-bulk",
        ...selection,
        label: (review) => t("backOffice.reviews.select", { author: review.reviewer }),
        allLabel: t("backOffice.reviews.selectAll"),
      }}
      columns={[
        {
          key: "author",
          header: t("backOffice.reviews.author"),
          cell: (review) => (
            <>
              <span className="block font-medium">{review.reviewer}</span>
              <span className="block text-stone-700">{review.reviewer_email}</span>
              {review.verified && (
                <span className="mt-1 inline-block rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">
                  {t("backOffice.reviews.verified")}
                </span>
              )}
            </>
          ),
        },
        {
          key: "rating",
          header: t("backOffice.reviews.rating"),
          cell: (review) => t("backOffice.reviews.stars", { rating: review.rating }),
        },
        {
          key: "review",
          header: t("backOffice.reviews.review"),
          className: "max-w-md",
          cell: (review) => (
            <>
              <p className="whitespace-pre-line">{review.review}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {ACTIONS_BY_STATUS[status].map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={ADMIN_ROW_BUTTON}
                    disabled={busy}
                    aria-label={t("backOffice.reviews.actionNamed", {
                      action: t(`backOffice.reviews.actions.${action}`),
                      author: review.reviewer,
                    })}
                    onClick={() => onAction(review, action)}
                  >
                    {t(`backOffice.reviews.actions.${action}`)}
                  </button>
                ))}
              </div>
              <ReviewReply review={review} busy={busy} onSave={(change) => onReply(review, change)} />
            </>
          ),
        },
        {
          key: "product",
          header: t("backOffice.reviews.product"),
          cell: (review) => (
            <a href={review.product_permalink} className="underline">
              {review.product_name}
            </a>
          ),
        },
        {
          key: "date",
          header: t("backOffice.reviews.date"),
          cell: (review) => date.format(new Date(`${review.date_created_gmt}Z`)),
        },
      ]}
    />
  );
}

import { useState } from "react";
import { Link } from "react-router";
import { ADMIN_BUTTON, ADMIN_INLINE_FIELD } from "../../../components/ui/back-office-classes.ts";
import type { Selection } from "../../../components/ui/data-table-selection.ts";
import { PageLinks } from "../../../components/ui/pagination.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  REVIEW_STATUSES,
  type ReviewApiStatus,
  type ReviewCounts,
  type ReviewRecord,
} from "../../../lib/review-resource.ts";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { ACTIONS_BY_STATUS, type ModerationAction, moderationRequest } from "./review-actions.ts";
import { ReviewTable } from "./review-table.tsx";

const queueHref = (status: ReviewApiStatus, page = 1) =>
  `/admin/reviews?status=${status}${page > 1 ? `&page=${page}` : ""}`;

/**
 * The moderation queue (issue 39): a tab for each status with its count, the reviews of the chosen
 * one with a button for each action, and the same actions on the ticked reviews at once.
 */
export function ReviewQueue({
  status,
  reviews,
  counts,
  page,
  pages,
}: {
  status: ReviewApiStatus;
  reviews: ReviewRecord[];
  counts: ReviewCounts;
  page: number;
  pages: number;
}) {
  const { t } = useTranslation();
  const change = useRestChange();
  const [selected, setSelected] = useState<Selection>(new Set());
  const [bulk, setBulk] = useState<ModerationAction>(ACTIONS_BY_STATUS[status][0]!);
  const act = (ids: readonly number[], action: ModerationAction) =>
    change
      .send(
        ids.map((id) => moderationRequest(id, action)),
        t("backOffice.reviews.changed", {
          count: ids.length,
          action: t(`backOffice.reviews.actions.${action}`),
        }),
      )
      .then(() => setSelected(new Set()));

  return (
    <div className="space-y-4">
      <nav aria-label={t("backOffice.reviews.tabs")}>
        <ul className="flex flex-wrap gap-4 border-b border-stone-300">
          {REVIEW_STATUSES.map((each) => (
            <li key={each}>
              <Link
                to={queueHref(each)}
                aria-current={each === status ? "page" : undefined}
                className={`inline-block pb-2 ${each === status ? "border-b-2 border-brand font-semibold" : "underline"}`}
              >
                {t(`backOffice.reviews.status.${each}`)} ({counts[each]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Announcement message={change.message} />
      <form
        id="review-bulk"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (selected.size > 0) void act([...selected].map(Number), bulk);
        }}
      >
        <label className="text-sm">
          {t("backOffice.reviews.bulk")}
          <select
            className={`${ADMIN_INLINE_FIELD} ml-2`}
            value={bulk}
            onChange={(event) => setBulk(event.target.value as ModerationAction)}
          >
            {ACTIONS_BY_STATUS[status].map((action) => (
              <option key={action} value={action}>
                {t(`backOffice.reviews.actions.${action}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={ADMIN_BUTTON} disabled={change.busy || selected.size === 0}>
          {t("backOffice.reviews.apply")}
        </button>
      </form>
      <ReviewTable
        status={status}
        reviews={reviews}
        busy={change.busy}
        selection={{ selected, onChange: setSelected }}
        onAction={(review, action) => void act([review.id], action)}
        onReply={(review, reply) =>
          void change.send(
            { path: `/products/reviews/${review.id}`, method: "PUT", data: reply },
            t("backOffice.reviews.replied", { author: review.reviewer }),
          )
        }
      />
      <PageLinks
        label={t("backOffice.reviews.pages")}
        page={page}
        pages={pages}
        href={(n) => queueHref(status, n)}
      />
    </div>
  );
}

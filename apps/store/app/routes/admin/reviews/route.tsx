import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ReviewQueue } from "../../../features/admin/reviews/review-queue.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadReviewQueue } from "./admin-reviews.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadReviewQueue(context, request);

export const meta = () => backOfficeMeta("Reviews");

/** `/admin/reviews`: the moderation queue, for editors and administrators (decision 0057). */
export default function BackOfficeReviews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.reviews.title")}>
      <ReviewQueue key={`${loaderData.status}-${loaderData.page}`} {...loaderData} />
    </BackOfficePage>
  );
}

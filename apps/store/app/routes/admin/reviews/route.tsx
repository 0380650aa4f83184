import { ReviewQueue } from "../../../features/admin/reviews/review-queue.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadReviewQueue } from "./admin-reviews.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadReviewQueue(context, request);
}

export function meta() {
  return [{ title: "Reviews" }, { name: "robots", content: "noindex" }];
}

/** `/admin/reviews`: the moderation queue, for editors and administrators (decision 0057). */
export default function BackOfficeReviews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.reviews.title")}</h1>
      <ReviewQueue key={`${loaderData.status}-${loaderData.page}`} {...loaderData} />
    </section>
  );
}

import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { AffiliateLinks } from "../../../features/admin/links/affiliate-links.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { listAffiliateLinks } from "../../../services/content/affiliate-links.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const done = new URL(request.url).searchParams.get("done");
  return {
    links: await listAffiliateLinks(context.db),
    done: done === "added" || done === "saved" || done === "deleted" ? done : null,
  };
}

export const meta = () => backOfficeMeta("Affiliate links");

/** `/admin/affiliate-links`: the store's `/go/{slug}` links, for administrators (decision 0035). */
export default function BackOfficeAffiliateLinks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage
      title={t("backOffice.affiliate.title")}
      notice={loaderData.done && t(`backOffice.affiliate.done.${loaderData.done}`)}
    >
      <AffiliateLinks links={loaderData.links} />
    </BackOfficePage>
  );
}

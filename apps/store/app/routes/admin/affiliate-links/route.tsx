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

export function meta() {
  return [{ title: "Affiliate links" }, { name: "robots", content: "noindex" }];
}

/** `/admin/affiliate-links`: the store's `/go/{slug}` links, for administrators (decision 0035). */
export default function BackOfficeAffiliateLinks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.affiliate.title")}</h1>
      {loaderData.done && (
        <p role="status" className="mb-4 border-l-4 border-brand bg-emerald-50 px-4 py-2">
          {t(`backOffice.affiliate.done.${loaderData.done}`)}
        </p>
      )}
      <AffiliateLinks links={loaderData.links} />
    </section>
  );
}

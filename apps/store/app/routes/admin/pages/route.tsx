import { PageList } from "../../../features/admin/pages/page-list.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { listPagesForAdmin } from "../../../services/content/pages-admin.server.ts";
import { requireStaff } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return {
    pages: await listPagesForAdmin(context.db),
    deleted: new URL(request.url).searchParams.has("deleted"),
  };
}

export function meta() {
  return [{ title: "Pages" }, { name: "robots", content: "noindex" }];
}

/** `/admin/pages`: the store's pages, for editors and administrators (decision 0034). */
export default function BackOfficePages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.pages.title")}</h1>
      {loaderData.deleted && (
        <p role="status" className="mb-4 border-l-4 border-brand bg-emerald-50 px-4 py-2">
          {t("backOffice.pages.deleted")}
        </p>
      )}
      <PageList pages={loaderData.pages} />
    </section>
  );
}

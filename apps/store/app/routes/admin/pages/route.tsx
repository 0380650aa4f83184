import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
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

export const meta = () => backOfficeMeta("Pages");

/** `/admin/pages`: the store's pages, for editors and administrators (decision 0034). */
export default function BackOfficePages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage
      title={t("backOffice.pages.title")}
      notice={loaderData.deleted && t("backOffice.pages.deleted")}
    >
      <PageList pages={loaderData.pages} />
    </BackOfficePage>
  );
}

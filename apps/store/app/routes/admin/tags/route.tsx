import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { TagList } from "../../../features/admin/products/tag-list.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadTagsPage } from "./admin-tags.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadTagsPage(context, request);

export const meta = () => backOfficeMeta("Tags");

/** `/admin/tags`: the product tags, added, renamed in both languages and deleted (decision 0076). */
export default function BackOfficeTags({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.tags.title")}>
      <TagList tags={loaderData.tags} />
    </BackOfficePage>
  );
}

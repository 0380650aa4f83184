import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { CategoryTree } from "../../../features/admin/products/category-tree.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadCategoryTree } from "./admin-categories.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadCategoryTree(context, request);

export const meta = () => backOfficeMeta("Categories");

export default function BackOfficeCategories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.categories.title")}>
      <CategoryTree initial={loaderData.categories} pictures={loaderData.pictures} />
    </BackOfficePage>
  );
}

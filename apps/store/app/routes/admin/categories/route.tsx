import { CategoryTree } from "../../../features/admin/products/category-tree.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadCategoryTree } from "./admin-categories.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCategoryTree(context, request);
}

export function meta() {
  return [{ title: "Categories" }, { name: "robots", content: "noindex" }];
}

export default function BackOfficeCategories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.categories.title")}</h1>
      <CategoryTree initial={loaderData.categories} pictures={loaderData.pictures} />
    </section>
  );
}

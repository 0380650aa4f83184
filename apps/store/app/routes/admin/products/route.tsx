import { Link } from "react-router";
import { ProductTable } from "../../../features/admin/products/product-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadProductList } from "./admin-products.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadProductList(context, request);
}

export function meta() {
  return [{ title: "Products" }, { name: "robots", content: "noindex" }];
}

export default function BackOfficeProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold">{t("backOffice.products.title")}</h1>
        <Link to="/admin/products/new" className="rounded bg-brand px-4 py-2 text-white">
          {t("backOffice.products.add")}
        </Link>
      </div>
      <ProductTable {...loaderData} />
    </section>
  );
}

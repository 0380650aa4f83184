import { Link } from "react-router";
import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ProductTable } from "../../../features/admin/products/product-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadProductList } from "./admin-products.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadProductList(context, request);

export const meta = () => backOfficeMeta("Products");

export default function BackOfficeProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const add = (
    <div className="flex flex-wrap items-center gap-3">
      <Link to="/admin/products/import" className="rounded border border-brand px-4 py-2 text-brand">
        {t("backOffice.products.import")}
      </Link>
      <a
        href="/admin/products/export.csv"
        download
        className="rounded border border-brand px-4 py-2 text-brand"
      >
        {t("backOffice.products.export")}
      </a>
      <Link to="/admin/products/new" className="rounded bg-brand px-4 py-2 text-white">
        {t("backOffice.products.add")}
      </Link>
    </div>
  );
  return (
    <BackOfficePage title={t("backOffice.products.title")} action={add}>
      <ProductTable {...loaderData} />
    </BackOfficePage>
  );
}

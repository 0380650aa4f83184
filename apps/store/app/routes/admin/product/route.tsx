import { Link } from "react-router";
import { ProductForm } from "../../../features/admin/products/product-form.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadProductForm } from "./admin-product.server.ts";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadProductForm(context, request, params.id);
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.product ? `Edit product ${data.product.id}` : "New product" },
    { name: "robots", content: "noindex" },
  ];
}

/** `/admin/products/new` and `/admin/products/{id}`: one form, saved through the REST API. */
export default function BackOfficeProduct({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, saved, loadedAt, ...choices } = loaderData;
  const name = product?.translations.en?.name;
  return (
    <section>
      <p className="mb-2">
        <Link to="/admin/products" className="text-brand underline">
          {t("backOffice.products.back")}
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-semibold">
        {product ? t("backOffice.products.editNamed", { name }) : t("backOffice.products.new")}
      </h1>
      {saved && (
        <p role="status" className="mb-4 border-l-4 border-brand bg-emerald-50 px-4 py-2">
          {t("backOffice.products.saved")}
        </p>
      )}
      <ProductForm key={loadedAt} product={product} {...choices} />
    </section>
  );
}

import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ProductForm } from "../../../features/admin/products/product-form.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadProductForm } from "./admin-product.server.ts";

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  loadProductForm(context, request, params.id);

export const meta = ({ data }: Route.MetaArgs) =>
  backOfficeMeta(data?.product ? `Edit product ${data.product.id}` : "New product");

/** `/admin/products/new` and `/admin/products/{id}`: one form, saved through the REST API. */
export default function BackOfficeProduct({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, saved, loadedAt, ...choices } = loaderData;
  const name = product?.translations.en?.name;
  return (
    <BackOfficePage
      title={product ? t("backOffice.products.editNamed", { name }) : t("backOffice.products.new")}
      back={{ to: "/admin/products", label: t("backOffice.products.back") }}
      notice={saved && t("backOffice.products.saved")}
    >
      <ProductForm key={loadedAt} product={product} {...choices} />
    </BackOfficePage>
  );
}

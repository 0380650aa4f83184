import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ImportUploadForm } from "../../../features/admin/products/import-upload-form.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";
import { createNonce } from "../../../services/shared/nonce.server.ts";
import type { Route } from "./+types/route";

/** The upload's refusal the REST route sent the form back with (`?error=`), when it is one. */
const KNOWN_ERRORS = [
  "catalogue_import_not_csv",
  "catalogue_import_empty",
  "catalogue_import_upload_invalid",
  "rest_upload_file_too_big",
  "rest_upload_no_data",
] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { nonceSecret, query } = await staffRequest(context, request, "administrator");
  const error = KNOWN_ERRORS.find((code) => code === query.get("error")) ?? null;
  return { nonce: createNonce(nonceSecret, "wp_rest"), error };
}

export const meta = () => backOfficeMeta("Import products");

/** `/admin/products/import`: a WooCommerce product CSV to upload, and the catalogue's export (decision 0077). */
export default function BackOfficeProductImport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage
      title={t("backOffice.productImport.title")}
      back={{ to: "/admin/products", label: t("backOffice.productImport.backToProducts") }}
      intro={<p className="mb-6 max-w-prose">{t("backOffice.productImport.intro")}</p>}
    >
      <ImportUploadForm {...loaderData} />
    </BackOfficePage>
  );
}

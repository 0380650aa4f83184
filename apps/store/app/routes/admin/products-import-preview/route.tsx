import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ImportPreview } from "../../../features/admin/products/import-preview.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadImportPreview, runImportAction } from "./admin-import-preview.server.ts";

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  loadImportPreview(context, request, params.upload);

export const action = ({ context, request, params }: Route.ActionArgs) =>
  runImportAction(context, request, params.upload);

export const meta = () => backOfficeMeta("Import products: preview");

/** `/admin/products/import/{upload}`: what the file would do, before it runs (decision 0077). */
export default function BackOfficeImportPreview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage
      title={t("backOffice.productImport.previewTitle", { file: loaderData.upload.fileName })}
      back={{ to: "/admin/products/import", label: t("backOffice.productImport.backToUpload") }}
    >
      <ImportPreview key={`${loaderData.skip.join("\n")}-${loaderData.page}`} {...loaderData} />
    </BackOfficePage>
  );
}

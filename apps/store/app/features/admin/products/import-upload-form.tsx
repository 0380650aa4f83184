import { useId } from "react";
import { ADMIN_PRIMARY_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { FieldHint } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { REST_ROOT } from "../../../lib/rest-client.ts";
import { ImportSection } from "./import-preview.tsx";

/**
 * The CSV's upload (decision 0077): a plain multipart form to the REST route, with the REST nonce
 * in its address, so it works without scripts; the route answers with the preview, or sends the
 * form back with its refusal (`error`).
 */
export function ImportUploadForm({ nonce, error }: { nonce: string; error: string | null }) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  return (
    <>
      <ImportSection title={t("backOffice.productImport.uploadTitle")}>
        {error && (
          <p id={errorId} role="alert" className="mb-4 border-l-4 border-red-600 bg-red-50 px-4 py-2">
            {t(`backOffice.productImport.errors.${error}`)}
          </p>
        )}
        <form
          method="post"
          encType="multipart/form-data"
          action={`${REST_ROOT}/products/import?_wpnonce=${encodeURIComponent(nonce)}`}
          className="flex flex-wrap items-end gap-3"
        >
          <label className="text-sm font-medium">
            {t("backOffice.productImport.file")}
            <input
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              className="mt-1 block"
            />
          </label>
          <button type="submit" className={ADMIN_PRIMARY_BUTTON}>
            {t("backOffice.productImport.upload")}
          </button>
        </form>
        <FieldHint id={hintId}>{t("backOffice.productImport.fileHint")}</FieldHint>
      </ImportSection>
      <ImportSection title={t("backOffice.productImport.exportTitle")}>
        <p>
          <a href="/admin/products/export.csv" download className="text-brand underline">
            {t("backOffice.productImport.export")}
          </a>
        </p>
      </ImportSection>
    </>
  );
}

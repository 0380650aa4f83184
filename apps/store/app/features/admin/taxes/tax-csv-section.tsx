import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { FieldHint, FormSection } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";

/**
 * WooCommerce's tax-rate CSV (decision 0067): the open class's rates as a file to download
 * (`/admin/taxes/rates.csv?class=`), and a file's rates added (`POST /taxes/import`): all of them,
 * or, when one field is wrong, none, with the line and column at fault.
 */
export function TaxCsvSection({ open }: { open: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const hintId = useId();
  const [outcome, setOutcome] = useState<{ imported: number } | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await pageRestClient().request<{ imported: number }>({
        path: "/taxes/import",
        method: "POST",
        data: { csv: await file.text() },
      });
      await revalidator.revalidate();
      setOutcome(answer);
    } catch (failure) {
      const data =
        failure instanceof RestClientError
          ? (failure.data as { line?: string; column?: string } | null)
          : null;
      setOutcome({
        error: data?.line
          ? t("backOffice.taxes.csv.refused", { line: data.line, column: data.column })
          : failure instanceof RestClientError
            ? failure.translated(t)
            : String(failure),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormSection title={t("backOffice.taxes.csv.title")}>
      <p>
        <a href={`/admin/taxes/rates.csv?class=${open}`} download className="underline">
          {t("backOffice.taxes.csv.export")}
        </a>
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const file = new FormData(event.currentTarget).get("file");
          if (file instanceof File && file.size > 0) void upload(file);
        }}
      >
        <label className="text-sm font-medium">
          {t("backOffice.taxes.csv.file")}
          <input
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-describedby={hintId}
            className="mt-1 block"
          />
        </label>
        <button type="submit" className={ADMIN_BUTTON} disabled={busy}>
          {t("backOffice.taxes.csv.import")}
        </button>
      </form>
      <FieldHint id={hintId}>{t("backOffice.taxes.csv.hint")}</FieldHint>
      <div role="status">
        {outcome && "imported" in outcome && (
          <p className="border-l-4 border-brand bg-emerald-50 px-4 py-2">
            {t("backOffice.taxes.csv.imported", { count: outcome.imported })}
          </p>
        )}
      </div>
      {outcome && "error" in outcome && (
        <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {outcome.error}
        </p>
      )}
    </FormSection>
  );
}

import { useState } from "react";
import { useRevalidator } from "react-router";
import { ADMIN_BUTTON, ADMIN_SAVE_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import type { TaxRateRecord } from "../../../lib/tax-resource.ts";
import { SaveOutcome } from "../save-error.tsx";
import { useRateColumns } from "./tax-rate-columns.tsx";
import { emptyRate, type RateDraft, rateDraft, ratesBatch } from "./tax-rate-rows.ts";

type BatchAnswer = Record<
  "create" | "update" | "delete",
  Array<{ error?: { code: string; data?: { param?: string } } }>
>;

/**
 * One class's rates as an editable table, as WooCommerce's: a row per rate (country, state,
 * postcodes, cities, rate, name, priority, compound, shipping, order), rows added and removed here,
 * and one save that sends the changes as `POST /taxes/batch` once every row passes the route's check.
 */
export function TaxRatesEditor({
  slug,
  className,
  rates,
}: {
  slug: string;
  className: string;
  rates: TaxRateRecord[];
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [rows, setRows] = useState<RateDraft[]>(() => rates.map(rateDraft));
  // Read again after this table's save, the rates as saved (new rows with their ids); another
  // form's save reads the same rates again, and the rows being edited stay.
  const saved = JSON.stringify(rates);
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setRows(rates.map(rateDraft));
  }
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<"saved" | string | null>(null);

  async function save() {
    if (busy) return;
    const checked = ratesBatch(rates, rows, slug);
    if (checked.refusal) {
      const field = t(`backOffice.taxes.rates.columns.${checked.refusal.param}`, {
        defaultValue: checked.refusal.param,
      });
      setOutcome(t("backOffice.taxes.rates.invalidRow", { n: checked.refusal.row, field }));
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await pageRestClient().request<BatchAnswer>({
        path: "/taxes/batch",
        method: "POST",
        data: checked.batch,
      });
      const refused = [...answer.create, ...answer.update, ...answer.delete].find((item) => item.error);
      // Said once the page holds the rates as saved.
      await revalidator.revalidate();
      setOutcome(
        refused?.error
          ? t(`rest.errors.${refused.error.code}`, { param: refused.error.data?.param ?? "" })
          : "saved",
      );
    } catch (failure) {
      setOutcome(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    } finally {
      setBusy(false);
    }
  }

  const columns = useRateColumns(rows, setRows);
  return (
    <section aria-labelledby="tax-rates-heading" className="space-y-3">
      <h2 id="tax-rates-heading" className="text-xl font-semibold">
        {t("backOffice.taxes.rates.title", { name: className })}
      </h2>
      <p className="text-sm text-stone-600">{t("backOffice.taxes.rates.hint")}</p>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(row) => row.key}
        labelledBy="tax-rates-heading"
        minWidth="min-w-[68rem]"
        empty={<p>{t("backOffice.taxes.rates.empty")}</p>}
        rowProps={(row) => ({ "data-rate": row.id ?? "new" })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={ADMIN_BUTTON}
          onClick={() => setRows((all) => [...all, emptyRate(all)])}
        >
          {t("backOffice.taxes.rates.addRow")}
        </button>
        <button type="button" className={ADMIN_SAVE_BUTTON} disabled={busy} onClick={save}>
          {t("backOffice.taxes.rates.save")}
        </button>
      </div>
      <SaveOutcome
        error={outcome !== "saved" ? outcome : null}
        saved={outcome === "saved" ? t("backOffice.taxes.rates.saved") : null}
      />
    </section>
  );
}

import type { Dispatch, SetStateAction } from "react";
import { ADMIN_INLINE_FIELD, ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { actionsColumn, type DataColumn } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { RateDraft } from "./tax-rate-rows.ts";

type TextField = "country" | "state" | "postcodes" | "cities" | "rate" | "name" | "priority" | "order";

/** The rates table's columns: one field a cell, each named by its column and its row ("Rate %, rate 2"). */
export function useRateColumns(
  rows: RateDraft[],
  setRows: Dispatch<SetStateAction<RateDraft[]>>,
): DataColumn<RateDraft>[] {
  const { t } = useTranslation();
  const change = (key: string, patch: Partial<RateDraft>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const position = (row: RateDraft) => rows.indexOf(row) + 1;
  const label = (field: string, row: RateDraft) =>
    t("backOffice.taxes.rates.fieldOfRow", {
      field: t(`backOffice.taxes.rates.columns.${field}`),
      n: position(row),
    });
  const text = (
    field: TextField,
    extra: { inputMode?: "decimal" | "numeric"; width: string },
  ): DataColumn<RateDraft> => ({
    key: field,
    header: t(`backOffice.taxes.rates.columns.${field}`),
    cell: (row) => (
      <input
        value={row[field]}
        aria-label={label(field, row)}
        inputMode={extra.inputMode}
        onChange={(event) => change(row.key, { [field]: event.target.value })}
        className={`${ADMIN_INLINE_FIELD} ${extra.width}`}
      />
    ),
  });
  const flag = (field: "compound" | "shipping"): DataColumn<RateDraft> => ({
    key: field,
    header: t(`backOffice.taxes.rates.columns.${field}`),
    cell: (row) => (
      <input
        type="checkbox"
        checked={row[field]}
        aria-label={label(field, row)}
        onChange={(event) => change(row.key, { [field]: event.target.checked })}
        className="h-6 w-6"
      />
    ),
  });
  return [
    text("country", { width: "w-16" }),
    text("state", { width: "w-16" }),
    text("postcodes", { width: "w-36" }),
    text("cities", { width: "w-32" }),
    text("rate", { inputMode: "decimal", width: "w-24" }),
    text("name", { width: "w-32" }),
    text("priority", { inputMode: "numeric", width: "w-14" }),
    flag("compound"),
    flag("shipping"),
    text("order", { inputMode: "numeric", width: "w-14" }),
    actionsColumn(t("backOffice.taxes.rates.actions"), (row) => (
      <button
        type="button"
        className={ADMIN_ROW_BUTTON}
        onClick={() => setRows((all) => all.filter((each) => each.key !== row.key))}
      >
        {t("backOffice.taxes.rates.removeRow", { n: position(row) })}
      </button>
    )),
  ];
}

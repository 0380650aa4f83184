import type { InputHTMLAttributes } from "react";
import { moneyText } from "../../lib/money-text.ts";
import { InputField } from "./back-office-fields.tsx";

/**
 * A money field (issue 38): an amount in the store's currency, given and shown in cents as
 * decimal text with two places (`1250` → `12.50`), never through a float. What it sends is the
 * decimal text; read it back with `centsFromText` (lib/money-text.ts). Its label names the
 * currency (`currency` is added in brackets unless the label already says it). Like every
 * back-office field, a `hint` is wired to its `aria-describedby`.
 */
export function MoneyField({
  label,
  name,
  cents,
  currency,
  hint,
  describedBy,
  min = 0,
  ...input
}: {
  label: string;
  name: string;
  /** The amount, or `null` for an empty field (a price not set). */
  cents: number | null;
  currency: string;
  hint?: string;
  describedBy?: string;
  min?: number;
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "name" | "value" | "defaultValue" | "type" | "step" | "min" | "aria-describedby"
>) {
  return (
    <InputField
      label={label.includes(currency) ? label : `${label} (${currency})`}
      name={name}
      value={cents === null ? "" : moneyText(cents)}
      type="number"
      inputMode="decimal"
      step={0.01}
      min={min}
      hint={hint}
      describedBy={describedBy}
      {...input}
    />
  );
}

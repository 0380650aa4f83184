import { useState } from "react";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { useKeptBeforeHydration } from "../../components/ui/use-kept-before-hydration.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { settleTyped, stepDown, stepUp } from "./quantity-rules.ts";

type QuantityInputProps = {
  id: string;
  /** The field's name; null for a mirror that must not be submitted twice. */
  name?: string | null;
  label: string;
  /** Visually hidden label, for compact places (sticky bar, cart rows); still read by screen readers. */
  hideLabel?: boolean;
  min?: number;
  max?: number;
  step?: number;
  /** Controlled value: pass with `onValueChange` to mirror two fields. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** The id of the form this input belongs to, when it sits outside it. */
  form?: string;
  className?: string;
};

/**
 * The one quantity control: a number input, with − and + buttons once JavaScript runs (without it
 * the browser's own number input does the job). Stepping follows quantity-rules.ts.
 */
export function QuantityInput({
  id,
  name = "quantity",
  label,
  hideLabel = false,
  min = 1,
  max,
  step = 1,
  value,
  defaultValue = "1",
  onValueChange,
  form,
  className = "",
}: QuantityInputProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const set = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  const field = useKeptBeforeHydration<HTMLInputElement>(current, set);
  const bounds = { min: String(min), max: max === undefined ? "" : String(max), step: String(step) };
  // Before scripts the buttons would do nothing: hidden, but their room is kept, so the field and
  // what follows it do not move when scripts run (decision 0045).
  const buttonClass = `h-10 w-9 border border-stone-300 text-lg leading-none hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand ${hydrated ? "" : "invisible"}`;

  return (
    <div className={`quantity ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium"}>
        {label}
      </label>
      <div className="flex items-stretch">
        <button
          type="button"
          className={`minus rounded-l ${buttonClass}`}
          aria-label={t("quantity.decrease", { label })}
          aria-controls={id}
          onClick={() => set(String(stepDown({ value: current, ...bounds })))}
        >
          −
        </button>
        <input
          ref={field}
          id={id}
          name={name ?? undefined}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          form={form}
          value={current}
          onChange={(event) => set(event.currentTarget.value)}
          onBlur={(event) => {
            const settled = settleTyped({ value: event.currentTarget.value, min: bounds.min });
            if (settled !== event.currentTarget.value) set(settled);
          }}
          className="qty h-10 w-16 border border-stone-300 px-2 text-center"
        />
        <button
          type="button"
          className={`plus rounded-r ${buttonClass}`}
          aria-label={t("quantity.increase", { label })}
          aria-controls={id}
          onClick={() => set(String(stepUp({ value: current, ...bounds })))}
        >
          +
        </button>
      </div>
    </div>
  );
}

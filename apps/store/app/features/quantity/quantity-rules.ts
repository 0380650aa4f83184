/**
 * The quantity stepper's rules (spec §5 "Quantity stepper" and "Quantity inputs"), as pure functions
 * over the raw attribute strings an `<input type="number">` carries, so the product page, the sticky
 * bar, quick view and the cart all step the same way.
 */
export type StepperField = {
  value: unknown;
  min?: unknown;
  max?: unknown;
  step?: unknown;
};

function toNumber(raw: unknown): number {
  if (typeof raw === "number") return raw;
  if (typeof raw !== "string" || raw.trim() === "") return Number.NaN;
  return Number(raw);
}

/** Step defaults to 1 when it is `any`, empty or not a number. */
export function stepOf(raw: unknown): number {
  const step = toNumber(raw);
  return Number.isFinite(step) && step > 0 ? step : 1;
}

/** Min defaults to 0. */
export function minOf(raw: unknown): number {
  const min = toNumber(raw);
  return Number.isFinite(min) ? min : 0;
}

/** No max (empty or not a number) means no upper bound. */
export function maxOf(raw: unknown): number | null {
  const max = toNumber(raw);
  return Number.isFinite(max) ? max : null;
}

/** A non-numeric current value counts as 0. */
export function currentOf(raw: unknown): number {
  const value = toNumber(raw);
  return Number.isFinite(value) ? value : 0;
}

function decimalsOf(step: number): number {
  const text = String(step);
  if (text.includes("e-")) return Number(text.split("e-")[1]);
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}

function roundTo(value: number, step: number): number {
  return Number(value.toFixed(decimalsOf(step)));
}

/** Plus never goes above max; a value at or above max is set to max. */
export function stepUp(field: StepperField): number {
  const step = stepOf(field.step);
  const max = maxOf(field.max);
  const value = currentOf(field.value);
  if (max !== null && value >= max) return roundTo(max, step);
  const next = value + step;
  return roundTo(max !== null && next > max ? max : next, step);
}

/**
 * Minus never goes below min; a value at or below min is set to min. Otherwise it only decreases
 * while the value is above 0.
 */
export function stepDown(field: StepperField): number {
  const step = stepOf(field.step);
  const min = minOf(field.min);
  const value = currentOf(field.value);
  if (value <= min) return roundTo(min, step);
  if (value <= 0) return roundTo(value, step);
  const next = value - step;
  return roundTo(Math.max(next, min), step);
}

/** A typed value below the input's min (when min ≥ 0) is reset to min; anything else is kept. */
export function settleTyped(field: Pick<StepperField, "value" | "min">): string {
  const min = minOf(field.min);
  const raw = typeof field.value === "string" ? field.value : String(field.value ?? "");
  if (raw.trim() === "") return raw;
  const value = Number(raw);
  if (min >= 0 && Number.isFinite(value) && value < min) return String(min);
  return raw;
}

/**
 * An amount in minor units (cents) as a money field shows it, and the field's text read back as
 * cents, both by string and integer arithmetic: money never passes through binary floating point.
 */

/** `1250` → `"12.50"`, `-5` → `"-0.05"`. */
export function moneyText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

const AMOUNT = /^(-?)(\d*)(?:[.,](\d*))?$/;

/**
 * A money field's text as cents: `"12.5"` → `1250`, `"3"` → `300`, `"0,99"` → `99`; a third decimal
 * rounds half away from zero (`"0.295"` → `30`). Not an amount (empty, letters, two points) → `null`.
 */
export function centsFromText(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") return null;
  const digits = `${fraction}000`;
  const cents = Number(whole || "0") * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  return sign === "-" && cents !== 0 ? -cents : cents;
}

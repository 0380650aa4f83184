/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field with a comma, a quote or a
 * line break quoted, quotes doubled), made safe to open in a spreadsheet (decision 0037).
 */

/**
 * A text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) or that starts with a tab
 * or a carriage return (which some strip before reading a formula): OWASP's list for CSV injection.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: a text that would start a formula gets a leading apostrophe, which spreadsheets show
 * as text and do not run. Numbers are written as they are (a negative number is data); null is empty.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as one CSV text, each line ended by CRLF. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

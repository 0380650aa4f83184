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

/**
 * Rows of a CSV text as RFC 4180 writes it (quoted fields with doubled quotes and line breaks; CRLF
 * or LF line ends; a byte-order mark at the start is dropped). Empty lines are left out. `null` when
 * a quoted field is never closed.
 */
export function parseCsv(text: string): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let index = text.startsWith("\uFEFF") ? 1 : 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
    field = "";
  };
  for (; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index++;
      } else quoted = false;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n") endRow();
    else if (char !== "\r" || text[index + 1] !== "\n") field += char;
  }
  if (quoted) return null;
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

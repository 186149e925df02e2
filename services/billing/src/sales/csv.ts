/**
 * CSV as spreadsheets read it: RFC 4180 (comma separated, CRLF rows, a field with a comma,
 * quote, semicolon or line break quoted and its quotes doubled), UTF-8 with a byte-order mark
 * so Excel opens accents right, and no formula injection: a text cell that a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a line break; full-width forms too) gets a
 * leading apostrophe, which the program shows as text. Customer names, e-mails and
 * descriptions are untrusted input.
 */

export type CsvValue = string | number | null | undefined;

/** The UTF-8 byte-order mark, written once before the header. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",;\r\n]|^\s|\s$/;

/** One field: numbers as written, text neutralised and quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a number for a CSV cell: ${value}`);
    return String(value);
  }
  // NUL ends the string in some readers; nothing legitimate holds one.
  let text = value.replaceAll('\u0000', '');
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF. */
export const csvRow = (values: readonly CsvValue[]): string =>
  `${values.map(csvCell).join(',')}\r\n`;

/** Cents as the decimal amount accountants type (`1900` → `19.00`). */
export const csvAmount = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

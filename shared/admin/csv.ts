// CSV for the inbox's export (RFC 4180: comma-separated, CRLF, quotes doubled), safe to open in a
// spreadsheet: a cell whose first non-blank character is =, +, -, @, their fullwidth forms ＝ ＋ － ＠
// (some spreadsheets fold them to ASCII), or a tab or carriage return (which some skip before reading a
// formula) is prefixed with an apostrophe so it is read as text, never as a formula (OWASP, "CSV
// injection"): spreadsheets also skip leading spaces. No I/O.

const FORMULA_START = /^[^\S\t\r]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/u;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

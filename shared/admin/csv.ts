// CSV for the inbox's export (RFC 4180: comma-separated, CRLF, quotes doubled), safe to open in a
// spreadsheet: a cell that starts with =, +, -, @ (or a tab or carriage return, which some spreadsheets
// skip before reading a formula) is prefixed with an apostrophe so it is read as text, never as a formula
// (OWASP, "CSV injection"). No I/O.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

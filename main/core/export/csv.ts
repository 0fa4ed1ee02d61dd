import type { Cell, ExportFile, ExportTable } from './table';

/**
 * Cells a spreadsheet would read as a formula (= + - @, and the tab and carriage return some
 * of them also honour): a quote's name or reference comes from the service, and a file
 * opened in Excel must never run what someone typed there. A leading apostrophe keeps the
 * text as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function escapeText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  // Numbers are written as numbers (a negative amount is not a formula); dates are ISO text.
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return escapeText(cell);
}

/** RFC 4180 CSV with CRLF line ends and a byte order mark, so Excel reads the UTF-8 as such. */
export function toCsv(table: ExportTable): ExportFile {
  const lines = [table.columns.map((column) => escapeText(column.header)), ...table.rows.map((row) => row.map(csvCell))];
  const text = `\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
  return { bytes: new TextEncoder().encode(text), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
}

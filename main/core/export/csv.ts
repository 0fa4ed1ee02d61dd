import { isoDay, isoTimestamp } from './cell-rules';
import { rowsBetween } from './table';
import type { Cell, ColumnKind, ExportColumn, ExportFile, ExportTable } from './table';

/**
 * Before every character a spreadsheet may read as the start of a formula (= + - @, and the
 * tab and carriage return some of them also honour) that stands where a spreadsheet may start
 * a cell: at the start of the text, or right after anything some locale or misconfigured
 * import takes for a separator (',' in English, ';' in most of continental Europe, a tab) or
 * a line end, spaces between (an import that trims them). Quoting keeps a cell whole only for a reader that honours quotes and uses our
 * separator; one splitting on ';' cuts "Q3;=HYPERLINK(…)" in two. Looked at position by
 * position, so a run such as ";<tab>=" is caught at each step.
 */
const FORMULA_START = /(?<=(?:^|[;,\t\r\n]) *)(?=[=+\-@\t\r])/g;

/**
 * A quote's name or reference comes from the service, and a file opened in a spreadsheet must
 * never run what someone typed there: an apostrophe before each place a formula could start
 * keeps the text as text, whatever the separator.
 */
function neutralise(text: string): string {
  return text.replace(FORMULA_START, "'");
}

/** Every text cell is quoted, so no separator or line end inside it splits it for a reader that honours quotes. */
function escapeText(text: string): string {
  return `"${neutralise(text).replace(/"/g, '""')}"`;
}

function csvCell(kind: ColumnKind, cell: Cell): string {
  if (cell === null) return '';
  // Numbers are written as numbers, unquoted (a negative amount is not a formula), amounts
  // plain beside their currency's column; dates by one ISO rule per kind, and what is no
  // date stays the text it was.
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (kind === 'date') return escapeText(isoDay(cell) ?? cell);
  if (kind === 'timestamp') return escapeText(isoTimestamp(cell) ?? cell);
  return escapeText(cell);
}

export const CSV_TYPE = { contentType: 'text/csv; charset=utf-8', extension: 'csv' } as const;

/** The file's start: the byte order mark, so Excel reads the UTF-8 as such, and the header line. */
export function csvHead(columns: readonly ExportColumn[]): string {
  return `\uFEFF${columns.map((column) => escapeText(column.header)).join(',')}\r\n`;
}

/** Lines of rows, each ended by CRLF. */
export function csvLines(columns: readonly ExportColumn[], rows: Iterable<readonly Cell[]>): string {
  let text = '';
  for (const row of rows) text += `${columns.map((column, index) => csvCell(column.kind, row[index] ?? null)).join(',')}\r\n`;
  return text;
}

/** RFC 4180 CSV with CRLF line ends and a byte order mark, so Excel reads the UTF-8 as such. */
export function toCsv(table: ExportTable): ExportFile {
  const text = csvHead(table.columns) + csvLines(table.columns, rowsBetween(table.rows));
  return { bytes: new TextEncoder().encode(text), ...CSV_TYPE };
}

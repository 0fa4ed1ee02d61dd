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

/**
 * How a spreadsheet of the person's region reads a CSV file. Excel splits a file it opens on
 * the region's list separator, which is ';' wherever the decimal separator is a comma (it
 * cannot be both), and reads numbers with that comma: "1234.5" in a German Excel is a date or
 * text. So decimal-comma regions get ';' and decimal commas, every other region ',' and points.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const COMMA_CSV: CsvDialect = { separator: ',', decimal: '.' };
export const SEMICOLON_CSV: CsvDialect = { separator: ';', decimal: ',' };

/** The dialect for a region (a BCP 47 tag such as "de-DE"): decided by its decimal separator, not by the app's language. */
export function csvDialectFor(regionLocale: string): CsvDialect {
  let decimal: string | undefined;
  try {
    decimal = new Intl.NumberFormat(regionLocale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  } catch {
    return COMMA_CSV;
  }
  return decimal === ',' ? SEMICOLON_CSV : COMMA_CSV;
}

/** The system's region as the rest of the app formats numbers and dates by it (Intl's default). */
export function systemRegionLocale(): string {
  return new Intl.NumberFormat().resolvedOptions().locale;
}

function csvNumber(value: number, dialect: CsvDialect): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  return dialect.decimal === ',' ? text.replace('.', ',') : text;
}

function csvCell(kind: ColumnKind, cell: Cell, dialect: CsvDialect): string {
  if (cell === null) return '';
  // Numbers are written as numbers, unquoted (a negative amount is not a formula), amounts
  // plain beside their currency's column; dates by one ISO rule per kind, and what is no
  // date stays the text it was.
  if (typeof cell === 'number') return csvNumber(cell, dialect);
  if (kind === 'date') return escapeText(isoDay(cell) ?? cell);
  if (kind === 'timestamp') return escapeText(isoTimestamp(cell) ?? cell);
  return escapeText(cell);
}

export const CSV_TYPE = { contentType: 'text/csv; charset=utf-8', extension: 'csv' } as const;

/** The file's start: the byte order mark, so Excel reads the UTF-8 as such, and the header line. */
export function csvHead(columns: readonly ExportColumn[], dialect: CsvDialect = COMMA_CSV): string {
  return `\uFEFF${columns.map((column) => escapeText(column.header)).join(dialect.separator)}\r\n`;
}

/** Lines of rows, each ended by CRLF. */
export function csvLines(columns: readonly ExportColumn[], rows: Iterable<readonly Cell[]>, dialect: CsvDialect = COMMA_CSV): string {
  let text = '';
  for (const row of rows) text += `${columns.map((column, index) => csvCell(column.kind, row[index] ?? null, dialect)).join(dialect.separator)}\r\n`;
  return text;
}

/** RFC 4180 CSV (or its ';' form for decimal-comma regions) with CRLF line ends and a byte order mark, so Excel reads the UTF-8 as such. */
export function toCsv(table: ExportTable, dialect: CsvDialect = COMMA_CSV): ExportFile {
  const text = csvHead(table.columns, dialect) + csvLines(table.columns, rowsBetween(table.rows), dialect);
  return { bytes: new TextEncoder().encode(text), ...CSV_TYPE };
}

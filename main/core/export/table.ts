// A table to export, independent of its file format: CSV and XLSX are written from the same
// columns and rows, so the two files always say the same thing.

/**
 * Text as text; 'number' a plain count; 'money' an amount in the currency named by the row's
 * `currencyColumn` cell; 'date' a calendar day and 'timestamp' an instant (both ISO strings
 * as the service gives them, normalised by cell-rules.ts); 'link' a quotedesk:// address.
 */
export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'timestamp' | 'link';
export type Cell = string | number | null;

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** A money column: the header of the column holding each row's currency code. */
  currencyColumn?: string;
}

/**
 * A table's rows by position. An array is one; a large table makes each row's cells when
 * asked (inbox-table.ts), so 100,000 quotes are never held as cells too: a writer asks for a
 * chunk of rows, writes them and lets them go.
 */
export interface TableRows {
  readonly length: number;
  at(index: number): readonly Cell[] | undefined;
}

export interface ExportTable {
  /** The XLSX sheet's name (31 characters at most, as Excel requires). */
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: TableRows;
}

/** Rows [start, end) of a table, made one at a time. */
export function* rowsBetween(rows: TableRows, start = 0, end = rows.length): Generator<readonly Cell[]> {
  for (let index = start; index < Math.min(end, rows.length); index++) yield rows.at(index) ?? [];
}

export type ExportFile = { bytes: Uint8Array; contentType: string; extension: 'csv' | 'xlsx' };

/** Each column's index of its currency column (money columns), or -1. */
export function currencyIndexes(columns: readonly ExportColumn[]): number[] {
  return columns.map((column) => (column.kind === 'money' && column.currencyColumn ? columns.findIndex((other) => other.header === column.currencyColumn) : -1));
}

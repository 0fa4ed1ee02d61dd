// A table to export, independent of its file format: CSV and XLSX are written from the same
// columns and rows, so the two files always say the same thing.

/** Text as text, amounts and counts as numbers, dates as ISO strings (a date, or a date and time in UTC). */
export type ColumnKind = 'text' | 'number' | 'date';
export type Cell = string | number | null;

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
}

export interface ExportTable {
  /** The XLSX sheet's name (31 characters at most, as Excel requires). */
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: readonly (readonly Cell[])[];
}

export type ExportFile = { bytes: Uint8Array; contentType: string; extension: 'csv' | 'xlsx' };

/** A file name safe on every system, from words the person recognises. */
export function exportFileName(title: string, extension: 'csv' | 'xlsx'): string {
  return `${title.replace(/[^\w .-]+/g, '-').trim() || 'Quotedesk export'}.${extension}`;
}

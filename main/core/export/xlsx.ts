import writeXlsxFile from 'write-excel-file/node';
import type { Cell as XlsxCell, SheetData } from 'write-excel-file/node';
import type { Cell, ExportColumn, ExportFile, ExportTable } from './table';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MONEY_FORMAT = '#,##0.00';

/** A date cell (a real date, not text), or the text as given when it is not a date. */
function dateCell(value: string): XlsxCell {
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return { value, type: String };
  return { value: date, type: Date, format: DATE_ONLY.test(value) ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm' };
}

function xlsxCell(column: ExportColumn, cell: Cell): XlsxCell {
  if (cell === null) return null;
  if (column.kind === 'number' && typeof cell === 'number') return { value: cell, type: Number, format: MONEY_FORMAT };
  if (column.kind === 'date' && typeof cell === 'string') return dateCell(cell);
  // Text cells are written as inline strings: XLSX never evaluates them as formulas.
  return { value: String(cell), type: String };
}

/** One sheet with a bold header row; numbers and dates typed so a spreadsheet can sum and sort them. */
export async function toXlsx(table: ExportTable): Promise<ExportFile> {
  const header = table.columns.map((column) => ({ value: column.header, type: String, fontWeight: 'bold' as const }));
  const data: SheetData = [header, ...table.rows.map((row) => table.columns.map((column, index) => xlsxCell(column, row[index] ?? null)))];
  const buffer = await writeXlsxFile(data, { sheet: table.sheetName.slice(0, 31), stickyRowsCount: 1 }).toBuffer();
  return {
    bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}

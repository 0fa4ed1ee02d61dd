// The XLSX writer as it was before exports left the core's event loop, kept only as the
// reference the worker's files must equal, entry for entry. Do not change it with xlsx.ts.
import writeXlsxFile from 'write-excel-file/node';
import type { Cell as XlsxCell, SheetData } from 'write-excel-file/node';
import type { Cell, ExportColumn, ExportTable } from '../../../../main/core/export';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MONEY_FORMAT = '#,##0.00';

function dateCell(value: string): XlsxCell {
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return { value, type: String };
  return { value: date, type: Date, format: DATE_ONLY.test(value) ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm' };
}

function xlsxCell(column: ExportColumn, cell: Cell): XlsxCell {
  if (cell === null) return null;
  if (column.kind === 'number' && typeof cell === 'number') return { value: cell, type: Number, format: MONEY_FORMAT };
  if (column.kind === 'date' && typeof cell === 'string') return dateCell(cell);
  return { value: String(cell), type: String };
}

export async function xlsxBeforeWorker(table: ExportTable): Promise<Uint8Array> {
  const header = table.columns.map((column) => ({ value: column.header, type: String, fontWeight: 'bold' as const }));
  const data: SheetData = [header, ...table.rows.map((row) => table.columns.map((column, index) => xlsxCell(column, row[index] ?? null)))];
  const buffer = await writeXlsxFile(data, { sheet: table.sheetName.slice(0, 31), stickyRowsCount: 1 }).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

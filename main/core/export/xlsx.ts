import { setImmediate as nextTurn } from 'node:timers/promises';
import { ColumnMeter } from './column-widths';
import type { ExportFile, ExportTable } from './table';
import { currencyIndexes, rowsBetween } from './table';
import { sheetNameOf, SHEET_END, sheetStart, SheetRows, StyleBook, workbookParts } from './xlsx-parts';
import { startZipWorker } from './xlsx-worker';

/** Rows turned into XML and sent to the writer between two turns of the event loop. */
const ROWS_PER_CHUNK = 2_000;

/**
 * One sheet with a bold, frozen header row and columns as wide as their content; numbers,
 * amounts (each in its currency's format) and dates typed so a spreadsheet can sum and sort
 * them. The rows are written as XML a chunk at a time with a turn of the event loop between
 * chunks (webhook deliveries and the bridge keep answering), and deflated in a worker thread
 * (zipping 100,000 rows took the core 8-28 s) that keeps only the compressed bytes.
 */
export async function toXlsx(table: ExportTable, rowsPerChunk = ROWS_PER_CHUNK): Promise<ExportFile> {
  const styles = new StyleBook();
  const rows = new SheetRows(table.columns, currencyIndexes(table.columns), styles);
  const total = table.rows.length;
  // The widths come before the rows in the sheet: a first pass measures them, a chunk at a time.
  const meter = new ColumnMeter(table.columns);
  for (let start = 0; start < total; start += rowsPerChunk) {
    if (start > 0) await nextTurn();
    meter.measure(rowsBetween(table.rows, start, start + rowsPerChunk));
  }
  const zip = startZipWorker();
  try {
    zip.begin('xl/worksheets/sheet1.xml');
    await zip.write(sheetStart(meter.widths()) + rows.header());
    for (let start = 0; start < total; start += rowsPerChunk) {
      await nextTurn();
      let xml = '';
      let rowNumber = start + 2;
      for (const cells of rowsBetween(table.rows, start, start + rowsPerChunk)) xml += rows.row(rowNumber++, cells);
      await zip.write(xml);
    }
    await zip.write(SHEET_END);
    zip.end();
    // The styles are known once every row is written: the other parts follow the sheet.
    for (const [name, xml] of Object.entries(workbookParts(sheetNameOf(table.sheetName), styles))) {
      zip.begin(name);
      await zip.write(xml);
      zip.end();
    }
    const bytes = await zip.finish();
    return { bytes, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' };
  } catch (error) {
    zip.stop();
    throw error;
  }
}

import { parseInstant } from './cell-rules';
import { currencyStyle } from './currency-format';
import type { Cell, ExportColumn } from './table';
import { currencyIndexes } from './table';

/** Characters a date and a date-time take as the XLSX shows them (yyyy-mm-dd, yyyy-mm-dd hh:mm:ss). */
const DATE_CHARS = 10;
const TIMESTAMP_CHARS = 19;
/** Room either side of the text, and the widest a column gets (long text wraps in a cell the person widens). */
const PADDING = 2;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

function longestLine(text: string): number {
  let longest = 0;
  for (const line of text.split('\n')) longest = Math.max(longest, line.length);
  return longest;
}

/**
 * How wide each column must be for its content to show whole, in the spreadsheet's unit (the
 * width of a character): a column too narrow for a date shows "###" in LibreOffice and Excel.
 * Measured over every row as the cells are shown (an amount with its symbol and grouping).
 */
export function columnWidths(columns: readonly ExportColumn[], rows: Iterable<readonly Cell[]>): number[] {
  const currencyAt = currencyIndexes(columns);
  // A bold header is about a tenth wider than its characters.
  const widest = columns.map((column) => Math.ceil(column.header.length * 1.1));
  for (const row of rows) {
    for (let index = 0; index < columns.length; index++) {
      const cell = row[index] ?? null;
      if (cell === null) continue;
      const kind = columns[index]!.kind;
      let chars: number;
      // A date cell that is no date stays the text it was (cell-rules.ts), and is measured as text.
      if (kind === 'date' && typeof cell === 'string' && parseInstant(cell)) chars = DATE_CHARS;
      else if (kind === 'timestamp' && typeof cell === 'string' && parseInstant(cell)) chars = TIMESTAMP_CHARS;
      else if (kind === 'money' && typeof cell === 'number') {
        const currency = row[currencyAt[index]!];
        chars = currencyStyle(typeof currency === 'string' ? currency : null).display(cell).length;
      } else chars = longestLine(String(cell));
      if (chars > widest[index]!) widest[index] = chars;
    }
  }
  return widest.map((chars) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars + PADDING)));
}

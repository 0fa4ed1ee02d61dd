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

/** Looks like an ISO date or date-time: sized as the date it shows (a cell that is no date is rare and shown as text). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * How wide each column must be for its content to show whole, in the spreadsheet's unit (the
 * width of a character): a column too narrow for a date shows "###" in LibreOffice and Excel.
 * Measured over every row as the cells are shown (an amount with its symbol and grouping:
 * the largest amount of each currency, formatted once, is the widest), a chunk of rows at a
 * time: the rows need not be held together.
 */
export class ColumnMeter {
  private readonly currencyAt: number[];
  private readonly widest: number[];
  /** Per money column: per currency, the largest amount and the most negative. */
  private readonly extremes: Map<string | null, { high: number; low: number }>[];

  constructor(private readonly columns: readonly ExportColumn[]) {
    this.currencyAt = currencyIndexes(columns);
    // A bold header is about a tenth wider than its characters.
    this.widest = columns.map((column) => Math.ceil(column.header.length * 1.1));
    this.extremes = columns.map(() => new Map());
  }

  measure(rows: Iterable<readonly Cell[]>): void {
    const { columns, currencyAt, widest, extremes } = this;
    for (const row of rows) {
      for (let index = 0; index < columns.length; index++) {
        const cell = row[index] ?? null;
        if (cell === null) continue;
        const kind = columns[index]!.kind;
        let chars: number;
        if (kind === 'money' && typeof cell === 'number') {
          const currency = row[currencyAt[index]!];
          const code = typeof currency === 'string' ? currency : null;
          const seen = extremes[index]!.get(code);
          if (!seen) extremes[index]!.set(code, { high: cell, low: cell });
          else if (cell > seen.high) seen.high = cell;
          else if (cell < seen.low) seen.low = cell;
          continue;
        }
        // A date cell that is no date stays the text it was (cell-rules.ts), and is measured as text.
        if (kind === 'date' && typeof cell === 'string' && ISO_DATE.test(cell)) chars = DATE_CHARS;
        else if (kind === 'timestamp' && typeof cell === 'string' && ISO_DATE.test(cell)) chars = TIMESTAMP_CHARS;
        else chars = typeof cell === 'string' && !cell.includes('\n') ? cell.length : longestLine(String(cell));
        if (chars > widest[index]!) widest[index] = chars;
      }
    }
  }

  /** The widths of what was measured. */
  widths(): number[] {
    const widest = [...this.widest];
    this.extremes.forEach((byCurrency, index) => {
      for (const [code, { high, low }] of byCurrency) {
        const style = currencyStyle(code);
        widest[index] = Math.max(widest[index]!, style.display(high).length, style.display(low).length);
      }
    });
    return widest.map((chars) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars + PADDING)));
  }
}

/** ColumnMeter's widths over every row at once. */
export function columnWidths(columns: readonly ExportColumn[], rows: Iterable<readonly Cell[]>): number[] {
  const meter = new ColumnMeter(columns);
  meter.measure(rows);
  return meter.widths();
}

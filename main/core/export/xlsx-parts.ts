// The XML of a one-sheet XLSX workbook, written a row at a time: nothing here holds the whole
// sheet, so a 100,000-row export costs the memory of a chunk of rows, not of the workbook.
// Text is written as inline strings (never evaluated as formulas); numbers and dates typed.
import { parseInstant } from './cell-rules';
import { currencyStyle } from './currency-format';
import type { Cell, ExportColumn } from './table';

const DATE_FORMAT = 'yyyy-mm-dd';
const TIMESTAMP_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Excel's day 0 is 1899-12-30: the Unix epoch is day 25569. */
const EPOCH_SERIAL = 25_569;
const DAY_MS = 86_400_000;
/** The first id of a number format of our own (lower ones are the spreadsheet's built-in ones). */
const FIRST_CUSTOM_FORMAT = 164;
const HEADER_STYLE = 1;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 refuses (control characters other than tab and line ends): dropped, not escaped. */
const NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
/** Half of a surrogate pair without its other half: no character at all, so not valid XML either. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Anything xmlText changes: most text has none of it, and is written as it is. */
const NEEDS_ESCAPING = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function xmlText(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A, B, ... Z, AA, AB, ...: the letters of the column at `index` (from 0). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** The cell styles the sheet uses, one per number format, gathered while its rows are written. */
export class StyleBook {
  private readonly formats = new Map<string, number>();

  /** The style index of cells shown in `format`. */
  styleOf(format: string): number {
    let style = this.formats.get(format);
    if (style === undefined) {
      // Style 0 is the default, 1 the bold header.
      style = HEADER_STYLE + 1 + this.formats.size;
      this.formats.set(format, style);
    }
    return style;
  }

  xml(): string {
    const formats = [...this.formats.keys()];
    const numFmts = formats.map((format, index) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + index}" formatCode="${xmlText(format)}"/>`).join('');
    const xfs = formats.map((_, index) => `<xf numFmtId="${FIRST_CUSTOM_FORMAT + index}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
    return (
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      (formats.length > 0 ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${2 + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

function textCell(ref: string, text: string, style = 0): string {
  return `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
}

function numberCell(ref: string, value: number, style: number): string {
  return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
}

function dateCell(ref: string, text: string, format: string, styles: StyleBook): string {
  const instant = parseInstant(text);
  // What is not a date stays the text it was rather than becoming a wrong date.
  if (!instant) return textCell(ref, text);
  // The CSV's rule in typed form: a day is its day, an instant is to the second.
  const serial = Math.floor(instant.getTime() / 1000) / (DAY_MS / 1000) + EPOCH_SERIAL;
  return numberCell(ref, format === DATE_FORMAT ? Math.floor(serial) : serial, styles.styleOf(format));
}

/** Writes rows of a table's cells as sheet XML, typed by their column. */
export class SheetRows {
  private readonly letters: string[];
  private readonly currencyAt: number[];

  constructor(
    private readonly columns: readonly ExportColumn[],
    currencyAt: readonly number[],
    readonly styles: StyleBook,
  ) {
    this.letters = columns.map((_, index) => columnLetters(index));
    this.currencyAt = [...currencyAt];
  }

  header(): string {
    return `<row r="1">${this.columns.map((column, index) => textCell(`${this.letters[index]}1`, column.header, HEADER_STYLE)).join('')}</row>`;
  }

  /** Row `rowNumber` (from 1, the header's) of the sheet. */
  row(rowNumber: number, cells: readonly Cell[]): string {
    let xml = `<row r="${rowNumber}">`;
    for (let index = 0; index < this.columns.length; index++) {
      const cell = cells[index] ?? null;
      if (cell === null) continue;
      const ref = `${this.letters[index]}${rowNumber}`;
      const kind = this.columns[index]!.kind;
      if (typeof cell === 'number') {
        if (!Number.isFinite(cell)) continue;
        const currency = kind === 'money' ? cells[this.currencyAt[index]!] : undefined;
        xml += numberCell(ref, cell, kind === 'money' ? this.styles.styleOf(currencyStyle(typeof currency === 'string' ? currency : null).numberFormat) : 0);
      } else if (kind === 'date') xml += dateCell(ref, cell, DATE_FORMAT, this.styles);
      else if (kind === 'timestamp') xml += dateCell(ref, cell, TIMESTAMP_FORMAT, this.styles);
      else xml += textCell(ref, cell);
    }
    return `${xml}</row>`;
  }
}

/** The sheet up to its first row: the header row frozen, each column as wide as its content. */
export function sheetStart(widths: readonly number[]): string {
  const cols = widths.map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`).join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`
  );
}

export const SHEET_END = '</sheetData></worksheet>';

/** The workbook's other parts, by their path in the file. */
export function workbookParts(sheetName: string, styles: StyleBook): Record<string, string> {
  return {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
      '</Relationships>',
    'xl/styles.xml': styles.xml(),
  };
}

/** Sheet names may not hold : \ / ? * [ ] and are at most 31 characters. */
export function sheetNameOf(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31).trim() || 'Sheet1';
}

import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { exportFileName, toCsv, toXlsx } from '../../../../main/core/export';
import type { ExportTable } from '../../../../main/core/export';

const table: ExportTable = {
  sheetName: 'Quotes',
  columns: [
    { header: 'Project', kind: 'text' },
    { header: 'Total', kind: 'money', currencyColumn: 'Currency' },
    { header: 'Currency', kind: 'text' },
    { header: 'Quote date', kind: 'timestamp' },
    { header: 'Valid until', kind: 'date' },
  ],
  rows: [
    ['=HYPERLINK("http://evil")', 4376.84, 'USD', '2026-11-27T14:30:00.000Z', '2026-12-31'],
    ['Launch, "phase 2"\nsecond line', -120.5, 'EUR', null, null],
    ['+1 campaign', 0, null, '2026-01-05', 'not a date'],
    ['@SUM(A1)', null, 'GBP', null, null],
    ['-minus', 1200000, 'JPY', '2026-03-04T05:06:07.890+02:00', '2026-07-08T23:59:59.999Z'],
  ],
};

function csvText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

describe('CSV export', () => {
  it('keeps text that starts like a formula from running as one', () => {
    const text = csvText(toCsv(table).bytes);
    const cells = text.split('\r\n').map((line) => line.split(',')[0]);
    expect(cells[1]).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(cells[3]).toBe(`"'+1 campaign"`);
    expect(cells[4]).toBe(`"'@SUM(A1)"`);
    expect(cells[5]).toBe(`"'-minus"`);
  });

  it('writes amounts as plain numbers, dates as ISO text, and every text cell quoted', () => {
    const text = csvText(toCsv(table).bytes);
    expect(text.startsWith('\uFEFF"Project","Total","Currency","Quote date","Valid until"\r\n')).toBe(true);
    expect(text).toContain(`,4376.84,"USD","2026-11-27T14:30:00Z","2026-12-31"\r\n`);
    // A negative amount is a number, not text to neutralise.
    expect(text).toContain(`"Launch, ""phase 2""\nsecond line",-120.5,"EUR",,\r\n`);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(table.rows.length + 2);
  });

  it('writes every date by one rule: a day as YYYY-MM-DD, an instant in UTC to the second', () => {
    const lines = csvText(toCsv(table).bytes).split('\r\n');
    // A bare day in a timestamp column is its midnight; an instant in another zone is told in UTC, without milliseconds.
    expect(lines[3]).toBe(`"'+1 campaign",0,,"2026-01-05T00:00:00Z","not a date"`);
    expect(lines[5]).toBe(`"'-minus",1200000,"JPY","2026-03-04T03:06:07Z","2026-07-08"`);
    const dates = lines.slice(1, -1).flatMap((line) => [...line.matchAll(/"(\d{4}-[^"]*)"/g)].map((match) => match[1]!));
    expect(dates.every((date) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/.test(date))).toBe(true);
  });
});

describe('XLSX export', () => {
  it('reads back with typed cells: numbers as numbers, dates as dates, text as text', async () => {
    const file = await toXlsx(table);
    expect(file.extension).toBe('xlsx');
    const rows = await readSheet(Buffer.from(file.bytes), { trim: false });
    expect(rows[0]).toEqual(['Project', 'Total', 'Currency', 'Quote date', 'Valid until']);
    expect(rows).toHaveLength(table.rows.length + 1);
    const [first, second, third] = rows.slice(1);
    expect(first?.[0]).toBe('=HYPERLINK("http://evil")');
    expect(first?.[1]).toBe(4376.84);
    expect(first?.[2]).toBe('USD');
    expect(first?.[3]).toBeInstanceOf(Date);
    expect(first?.[3]).toEqual(new Date('2026-11-27T14:30:00.000Z'));
    // The last row: an instant to the second (a day's fraction reads back within a millisecond), a day as its day.
    expect(Math.round((rows[5]?.[3] as unknown as Date).getTime() / 1000) * 1000).toBe(Date.parse('2026-03-04T03:06:07.000Z'));
    expect(rows[5]?.[4]).toEqual(new Date('2026-07-08T00:00:00.000Z'));
    expect(first?.[4]).toEqual(new Date('2026-12-31T00:00:00.000Z'));
    expect(second?.[1]).toBe(-120.5);
    expect(second?.[0]).toBe('Launch, "phase 2"\nsecond line');
    expect(second?.[3]).toBeNull();
    // What is not a date stays the text it was rather than becoming a wrong date.
    expect(third?.[4]).toBe('not a date');
  });

  it('keeps formula-looking text as text (an inline string is never evaluated)', async () => {
    const file = await toXlsx(table);
    const sheet = strFromU8(unzipSync(file.bytes)['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).not.toContain('<f>');
  });

  it("shows each amount in its row's currency, and dates in a date format", async () => {
    const parts = unzipSync((await toXlsx(table)).bytes);
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    const styles = strFromU8(parts['xl/styles.xml']!);
    const formatOfCell = (ref: string) => {
      const style = Number(new RegExp(`<c r="${ref}"(?: s="(\\d+)")?`).exec(sheet)?.[1] ?? 0);
      const numFmtId = [...styles.matchAll(/<xf numFmtId="(\d+)"/g)].slice(1)[style]?.[1];
      return new RegExp(`<numFmt numFmtId="${numFmtId}" formatCode="([^"]*)"`).exec(styles)?.[1]?.replace(/&quot;/g, '"');
    };
    expect(formatOfCell('B2')).toBe('"$"#,##0.00');
    expect(formatOfCell('B3')).toBe('"€"#,##0.00');
    // Yen have no minor unit; a row with no currency keeps two decimals.
    expect(formatOfCell('B6')).toBe('"¥"#,##0');
    expect(formatOfCell('B4')).toBe('#,##0.00');
    expect(formatOfCell('D2')).toBe('yyyy-mm-dd hh:mm:ss');
    expect(formatOfCell('E2')).toBe('yyyy-mm-dd');
  });

  it('sizes each column to show its content whole (a date never shows as ###)', async () => {
    const sheet = strFromU8(unzipSync((await toXlsx(table)).bytes)['xl/worksheets/sheet1.xml']!);
    const widths = [...sheet.matchAll(/<col min="(\d+)" max="\d+" width="([\d.]+)"/g)].map((match) => Number(match[2]));
    expect(widths).toHaveLength(table.columns.length);
    // The longest project line, "Launch, "phase 2"" and "=HYPERLINK(...)" (26 characters).
    expect(widths[0]).toBeGreaterThanOrEqual(26);
    // "¥1,200,000" and "-€120.50" are the longest amounts; a timestamp is 19 characters, a day 10.
    expect(widths[1]).toBeGreaterThanOrEqual('¥1,200,000'.length);
    expect(widths[3]).toBeGreaterThanOrEqual(19);
    expect(widths[4]).toBeGreaterThanOrEqual('not a date'.length);
    // Not every column is as wide as the widest.
    expect(widths[2]).toBeLessThan(widths[0]!);
    // A short header over dates: the column is sized for the date as shown, not for its header.
    const dated: ExportTable = { sheetName: 'Due', columns: [{ header: 'Due', kind: 'date' }, { header: 'At', kind: 'timestamp' }], rows: [['2026-12-31', '2026-12-31T10:00:00Z']] };
    const datedSheet = strFromU8(unzipSync((await toXlsx(dated)).bytes)['xl/worksheets/sheet1.xml']!);
    const [dayWidth, instantWidth] = [...datedSheet.matchAll(/width="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(dayWidth).toBeGreaterThanOrEqual('2026-12-31'.length + 1);
    expect(instantWidth).toBeGreaterThanOrEqual('2026-12-31 10:00:00'.length + 1);
  });
});

describe('export file names', () => {
  it("names the file after the product, the view and the day", () => {
    expect(exportFileName('Action needed', '2026-11-28', 'xlsx')).toBe('Quotedesk - Action needed - 2026-11-28.xlsx');
    expect(exportFileName('', '2026-11-28', 'csv')).toBe('Quotedesk - Export - 2026-11-28.csv');
  });

  it('leaves out what any system refuses in a name, and keeps the words readable', () => {
    expect(exportFileName('Quote Q-12/3 pricing', '2026-11-28', 'xlsx')).toBe('Quotedesk - Quote Q-12-3 pricing - 2026-11-28.xlsx');
    expect(exportFileName('a<b>c:"d"\\e|f?g*h\u0000i\tj', '2026-11-28', 'csv')).toBe('Quotedesk - a-b-c-d-e-f-g-h-i-j - 2026-11-28.csv');
    // Windows drops trailing dots and spaces; letters of any language stay, composed.
    expect(exportFileName('Cafe\u0301 rush...  ', '2026-11-28', 'csv')).toBe('Quotedesk - Café rush - 2026-11-28.csv');
    const long = exportFileName('😀'.repeat(200), '2026-11-28', 'xlsx');
    expect(Buffer.byteLength(long)).toBeLessThan(255);
    // No emoji cut in half: the name survives a round trip through UTF-8.
    expect(Buffer.from(long).toString('utf8')).toBe(long);
  });
});

describe('XLSX text the service may send', () => {
  it('drops characters XML cannot hold instead of writing a file no spreadsheet opens', async () => {
    const odd: ExportTable = { sheetName: 'Odd: [names]?', columns: [{ header: 'Project', kind: 'text' }], rows: [['bell\u0007 & <tag> half\uD800 pair 😀']] };
    const file = await toXlsx(odd);
    const rows = await readSheet(Buffer.from(file.bytes), { trim: false });
    expect(rows[1]).toEqual(['bell & <tag> half\uFFFD pair 😀']);
    expect(strFromU8(unzipSync(file.bytes)['xl/workbook.xml']!)).toContain('name="Odd   names"');
  });
});

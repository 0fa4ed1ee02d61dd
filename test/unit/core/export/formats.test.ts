import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { exportFileName, toCsv, toXlsx } from '../../../../main/core/export';
import type { ExportTable } from '../../../../main/core/export';

const table: ExportTable = {
  sheetName: 'Quotes',
  columns: [
    { header: 'Project', kind: 'text' },
    { header: 'Total', kind: 'number' },
    { header: 'Currency', kind: 'text' },
    { header: 'Quote date', kind: 'date' },
    { header: 'Valid until', kind: 'date' },
  ],
  rows: [
    ['=HYPERLINK("http://evil")', 4376.84, 'USD', '2026-11-27T14:30:00.000Z', '2026-12-31'],
    ['Launch, "phase 2"\nsecond line', -120.5, 'EUR', null, null],
    ['+1 campaign', 0, null, '2026-01-05', 'not a date'],
    ['@SUM(A1)', null, 'GBP', null, null],
    ['-minus', 12, 'CHF', null, null],
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
    expect(text).toContain(`,4376.84,"USD","2026-11-27T14:30:00.000Z","2026-12-31"\r\n`);
    // A negative amount is a number, not text to neutralise.
    expect(text).toContain(`"Launch, ""phase 2""\nsecond line",-120.5,"EUR",,\r\n`);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(table.rows.length + 2);
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
    expect(first?.[4]).toEqual(new Date('2026-12-31T00:00:00.000Z'));
    expect(second?.[1]).toBe(-120.5);
    expect(second?.[0]).toBe('Launch, "phase 2"\nsecond line');
    expect(second?.[3]).toBeNull();
    // What is not a date stays the text it was rather than becoming a wrong date.
    expect(third?.[4]).toBe('not a date');
  });

  it('keeps formula-looking text as text (an inline string is never evaluated)', async () => {
    const file = await toXlsx(table);
    const { unzipSync, strFromU8 } = await import('fflate');
    const sheet = strFromU8(unzipSync(file.bytes)['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).not.toContain('<f>');
  });
});

describe('export file names', () => {
  it('names the file from its title, without characters a file system refuses', () => {
    expect(exportFileName('Quote Q-12/3 pricing', 'xlsx')).toBe('Quote Q-12-3 pricing.xlsx');
    expect(exportFileName('', 'csv')).toBe('Quotedesk export.csv');
  });
});

// A large export must not hold the core: webhook deliveries and the bridge are answered on the
// same event loop. Measured by order, never by time: something scheduled once the export has
// started runs before the export ends. And the files do not depend on how they were chunked.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toCsv, toCsvInChunks, toXlsx } from '../../../../main/core/export';
import type { ExportFile, ExportTable } from '../../../../main/core/export';

const small: ExportTable = {
  sheetName: 'Quotes of a very long name beyond what Excel takes',
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
    ['Café ✓ 日本語', null, 'GBP', null, null],
    ['-minus', 12, 'CHF', null, null],
  ],
};

function large(rows: number): ExportTable {
  return {
    ...small,
    rows: Array.from({ length: rows }, (_, index) => [`Project ${index}, "quoted"`, index * 1.25, 'EUR', '2026-11-27T14:30:00.000Z', '2026-12-31']),
  };
}

/** What ran first: a timer set just after the export started, or the export's end. */
async function orderAgainstTimer(exporting: () => Promise<ExportFile>): Promise<string[]> {
  const order: string[] = [];
  const done = exporting().then(() => order.push('export ended'));
  setTimeout(() => order.push('timer'), 0);
  await done;
  return order;
}

describe('a large export leaves the core free', () => {
  it('CSV: a timer set while 20,000 rows are written runs before the file is done', async () => {
    expect(await orderAgainstTimer(() => toCsvInChunks(large(20_000)))).toEqual(['timer', 'export ended']);
  });

  it('XLSX: a timer set while 20,000 rows are written runs before the file is done', async () => {
    expect(await orderAgainstTimer(() => toXlsx(large(20_000)))).toEqual(['timer', 'export ended']);
  });
});

describe('the files do not depend on the chunks they were written in', () => {
  it('CSV in chunks is byte for byte toCsv, whatever the chunk size', async () => {
    const whole = toCsv(small);
    for (const size of [1, 2, 5, 100]) {
      const chunked = await toCsvInChunks(small, size);
      expect(Buffer.from(chunked.bytes).equals(Buffer.from(whole.bytes))).toBe(true);
      expect(chunked.contentType).toBe(whole.contentType);
    }
    expect(Buffer.from((await toCsvInChunks({ ...small, rows: [] })).bytes).equals(Buffer.from(toCsv({ ...small, rows: [] }).bytes))).toBe(true);
  });

  it('CSV in chunks of a table far larger than its first chunk is byte for byte toCsv (the file grows past its estimate)', async () => {
    // Later rows longer than the first chunk's: the estimate made from the first chunk falls short.
    const growing: ExportTable = { ...small, rows: Array.from({ length: 5_000 }, (_, index) => [`Projet ${'é'.repeat(Math.floor(index / 50))}`, index, 'EUR', null, '2026-12-31']) };
    const chunked = await toCsvInChunks(growing, 100);
    expect(Buffer.from(chunked.bytes).equals(Buffer.from(toCsv(growing).bytes))).toBe(true);
  });

  it('XLSX streamed a chunk of rows at a time holds the same entries, byte for byte, whatever the chunk size', async () => {
    const whole = unzipSync((await toXlsx(small, 1_000)).bytes);
    for (const size of [1, 2, 3]) {
      const chunked = unzipSync((await toXlsx(small, size)).bytes);
      expect(Object.keys(chunked).sort()).toEqual(Object.keys(whole).sort());
      for (const [name, bytes] of Object.entries(whole)) expect(Buffer.from(chunked[name]!).equals(Buffer.from(bytes)), name).toBe(true);
    }
  });
});

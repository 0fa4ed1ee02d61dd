// Exports in the app's language and for the system's region: headers, sheet and file names
// follow the language the person chose; the CSV's separator and decimal mark follow the
// region's numbers (Excel in a decimal-comma region splits on ';'), never the language.
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { csvDialectFor, exportFileName, inboxTable, pricingTable, toCsv, toCsvInChunks, toXlsx, viewName } from '../../../../main/core/export';
import type { InboxRow } from '../../../../preload/contract/bridge/inbox';
import type { QuoteDetails } from '../../../../preload/contract';

const row = {
  quoteId: 'q-1',
  accountId: 'acme',
  quoteNumber: 'Q-2026-0042',
  projectName: 'Launch',
  companyName: 'Acme GmbH',
  referenceNumber: 'PO-7',
  stage: 'accepted',
  totalAmount: 4376.84,
  currency: 'EUR',
  quoteDate: '2026-11-27T14:30:00Z',
  deadlineForQuote: '2026-12-01',
  projectDueDate: null,
  validUntil: '2026-12-31T00:00:00Z',
  accounts: [{ accountId: 'acme' }],
} as unknown as InboxRow;
const accounts = [{ id: 'acme', name: 'Acme', access: 'client' as const }];

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

describe('export headers in the app language', () => {
  it('writes the inbox columns in German and Arabic, with no English header left', () => {
    const german = inboxTable([row], accounts, 'de');
    expect(german.sheetName).toBe('Angebote');
    expect(german.columns.map((column) => column.header).slice(0, 7)).toEqual(['Angebotsnummer', 'Projekt', 'Unternehmen', 'Referenz', 'Status', 'Gesamtbetrag', 'Währung']);
    const arabic = inboxTable([row], accounts, 'ar').columns.map((column) => column.header);
    expect(arabic[0]).toBe('رقم عرض السعر');
    expect(arabic.filter((header) => /[A-Za-z]/.test(header))).toEqual([]);
    // The amount still names its currency's column, whatever the language calls it.
    expect(inboxTable([row], accounts, 'ja').columns.find((column) => column.kind === 'money')!.currencyColumn).toBe('通貨');
  });

  it('writes the pricing columns in French', () => {
    const details = { id: 'q-1', quoteNumber: 'Q-1', itemsPricing: { teams: [] } } as unknown as QuoteDetails;
    const french = pricingTable(details, 'acme', 'fr');
    expect(french.sheetName).toBe('Tarification');
    expect(french.columns.map((column) => column.header)).toContain('Prix unitaire');
    expect(french.columns.filter((column) => column.kind === 'money').map((column) => column.currencyColumn)).toEqual(['Devise', 'Devise']);
  });

  it('keeps typed XLSX cells under a header row in the language', async () => {
    const sheet = await readSheet(Buffer.from((await toXlsx(inboxTable([row], accounts, 'de'))).bytes));
    expect(sheet[0]!.slice(0, 6)).toEqual(['Angebotsnummer', 'Projekt', 'Unternehmen', 'Referenz', 'Status', 'Gesamtbetrag']);
    expect(sheet[1]![5]).toBe(4376.84);
    expect(sheet[1]![7]).toEqual(new Date('2026-11-27T14:30:00Z'));
    const arabic = await readSheet(Buffer.from((await toXlsx(inboxTable([row], accounts, 'ar'))).bytes));
    expect(arabic[0]![5]).toBe('الإجمالي');
    expect(arabic[1]![5]).toBe(4376.84);
  });

  it('names the file in the language, the quote number and the person’s words as they are', () => {
    expect(viewName({ accountName: 'Acme', needsAction: true, filtered: true, selection: false }, 'de')).toBe('Acme, Handlungsbedarf, gefiltert');
    expect(viewName({ accountName: null, selection: true, filtered: false, savedViewName: 'Big EUR deals' }, 'es')).toBe('Presupuestos seleccionados (Big EUR deals)');
    expect(viewName({ accountName: null, filtered: false, selection: false }, 'fr')).toBe('Tous les devis');
    expect(exportFileName('', '2026-11-28', 'csv', 'es')).toBe('Quotedesk - Exportación - 2026-11-28.csv');
  });
});

describe('CSV for the region', () => {
  it('uses ";" and decimal commas where the region writes 1,5, and "," elsewhere, whatever the language', () => {
    expect(csvDialectFor('de-DE')).toEqual({ separator: ';', decimal: ',' });
    expect(csvDialectFor('fr-FR')).toEqual({ separator: ';', decimal: ',' });
    expect(csvDialectFor('es-ES')).toEqual({ separator: ';', decimal: ',' });
    expect(csvDialectFor('en-US')).toEqual({ separator: ',', decimal: '.' });
    expect(csvDialectFor('ja-JP')).toEqual({ separator: ',', decimal: '.' });
    // Swiss German writes 1.5: the region decides, not the language.
    expect(csvDialectFor('de-CH')).toEqual({ separator: ',', decimal: '.' });
    expect(csvDialectFor('not a locale')).toEqual({ separator: ',', decimal: '.' });
  });

  it('writes a de-DE file Excel splits into its columns: BOM, ";" between cells, 4376,84', async () => {
    const table = inboxTable([row], accounts, 'en');
    const german = text(toCsv(table, csvDialectFor('de-DE')).bytes);
    expect(german.startsWith('\uFEFF"Quote number";"Project";"Company";')).toBe(true);
    const cells = german.split('\r\n')[1]!.split(';');
    expect(cells).toHaveLength(table.columns.length);
    expect(cells[5]).toBe('4376,84');
    expect(cells[0]).toBe('"Q-2026-0042"');
    // The chunked writer the app uses writes the very same file.
    expect(text((await toCsvInChunks(table, 1, csvDialectFor('de-DE'))).bytes)).toBe(german);

    const american = text(toCsv(table, csvDialectFor('en-US')).bytes);
    expect(american.startsWith('\uFEFF"Quote number","Project","Company",')).toBe(true);
    expect(american.split('\r\n')[1]!.split(',')[5]).toBe('4376.84');
  });

  it('keeps a formula-looking cell neutral after a ";" too', () => {
    const table = { sheetName: 'X', columns: [{ header: 'A', kind: 'text' as const }, { header: 'B', kind: 'number' as const }], rows: [['x;=1+1', -2.5]] };
    expect(text(toCsv(table, csvDialectFor('de-DE')).bytes).split('\r\n')[1]).toBe(`"x;'=1+1";-2,5`);
  });
});

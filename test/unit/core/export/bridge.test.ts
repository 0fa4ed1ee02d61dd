import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportHandlers } from '../../../../main/core/export/bridge';
import { createInboxHandlers } from '../../../../main/core/inbox/bridge';
import type { ExportHandlers, FileToDeliver } from '../../../../main/core/export/bridge';
import type { InboxHandlers } from '../../../../main/core/inbox/bridge';
import { createSilentLogger } from '../../../../main/core/log';
import { createSyncEngine } from '../../../../main/core/sync';
import type { SyncEngine } from '../../../../main/core/sync';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import { exportMethods } from '../../../../preload/contract/bridge/export';
import { SavedView } from '../../../../preload/contract';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createFakeClock } from '../../../helpers/fake-clock';
import { accountsOf, startRelay, testAccount } from '../sync/helpers';
import type { Relay, TestAccount } from '../sync/helpers';

let sim: Simulator;
let relay: Relay;
let rig: CacheRig;
let dir: string;
let engine: SyncEngine;
let accounts: TestAccount[];
let inbox: InboxHandlers;
let exports: ExportHandlers;
let delivered: FileToDeliver[];
let saved: SavedView[] = [];

beforeEach(async () => {
  saved = [];
  sim = await startSimulator({ seed: 3, quotes: 60, clock: new ManualClock(), log: () => undefined });
  relay = await startRelay(sim.baseUrl);
  const clock = createFakeClock(Date.UTC(2026, 0, 15, 9));
  dir = await mkdtemp(join(tmpdir(), 'qd-export-'));
  rig = cacheRig(join(dir, 'cache.db'), clock);
  accounts = [testAccount('internal', 'internal', relay.baseUrl, { mechanism: 'api-key', apiKey: sim.credentials.adminApiKey }, clock)];
  const service = accountsOf(accounts);
  engine = createSyncEngine({ accounts: service, bus: rig.bus, cache: rig.cache, clock, logger: createSilentLogger(), every: () => () => undefined });
  engine.start();
  await engine.refresh();
  const pdfs = { get: () => Promise.reject(new Error('not used')), status: () => ({ cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false }) };
  inbox = createInboxHandlers({ cache: rig.cache, sync: engine, pdfs, accounts: service, clock });
  delivered = [];
  exports = createExportHandlers({
    cache: rig.cache,
    accounts: service,
    clock,
    deliver: async (file) => {
      delivered.push(file);
      return { kind: 'download', url: `/downloads/${delivered.length}` };
    },
    savedViews: () => saved,
    bus: rig.bus,
    // The machine's own region must not decide these files' separator.
    regionLocale: () => 'en-US',
  });
});
afterEach(async () => {
  await engine.stop();
  for (const account of accounts) await account.client.close();
  await relay.close();
  await sim.close();
  rig.close();
  await rm(dir, { recursive: true, force: true });
});

async function exportCall<M extends keyof typeof exportMethods>(method: M, input: unknown) {
  const parsed = exportMethods[method].input.parse(input);
  const output = await (exports[method] as (value: unknown) => Promise<unknown>)(parsed);
  return exportMethods[method].output.parse(output);
}

const csvLines = (file: FileToDeliver) => new TextDecoder().decode(file.bytes).trimEnd().split('\r\n');

describe('exporting the inbox view', () => {
  it('writes exactly the quotes of the view, filtered and in its order, as CSV and XLSX', async () => {
    const everything = await inbox['inbox.query']({ sort: 'value', offset: 0, limit: 200 });
    const [company] = (await inbox['inbox.facets']({})).companies;
    const view = { companies: [company!.value], sort: 'value' as const };
    const window = await inbox['inbox.query']({ ...view, offset: 0, limit: 200 });
    expect(window.total).toBeLessThan(everything.total);

    const csv = await exportCall('inbox.export', { ...view, format: 'csv' });
    // Named after the view (its company filter) and the day.
    expect(csv).toMatchObject({ kind: 'download', rows: window.total, fileName: 'Quotedesk - filtered - 2026-01-15.csv' });
    const lines = csvLines(delivered[0]!);
    expect(lines).toHaveLength(window.total + 1);
    expect(lines.slice(1).every((line) => line.includes(company!.value))).toBe(true);

    const xlsx = await exportCall('inbox.export', { ...view, format: 'xlsx' });
    expect(xlsx).toMatchObject({ kind: 'download', rows: window.total, fileName: 'Quotedesk - filtered - 2026-01-15.xlsx' });
    expect(delivered[1]!.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await readSheet(Buffer.from(delivered[1]!.bytes));
    const header = sheet[0]!;
    const col = (name: string) => header.indexOf(name);
    const body = sheet.slice(1);
    expect(body.map((row) => row[col('Quote number')] ?? null)).toEqual(window.rows.map((row) => row.quoteNumber));
    expect(body.map((row) => row[col('Total')] ?? null)).toEqual(window.rows.map((row) => row.totalAmount));
    expect(body.map((row) => row[col('Currency')] ?? null)).toEqual(window.rows.map((row) => row.currency));
    const dated = window.rows.findIndex((row) => row.validUntil !== null);
    expect(dated).toBeGreaterThanOrEqual(0);
    // An instant to the second, as in the CSV.
    expect(body[dated]![col('Valid until')]).toEqual(new Date(Math.floor(Date.parse(window.rows[dated]!.validUntil!) / 1000) * 1000));
    expect(body.every((row) => row[col('Accounts')] === 'internal')).toBe(true);
    // Each row names its quote: the id the CLI takes and the link that opens it in the app.
    expect(body.map((row) => row[col('Quote ID')])).toEqual(window.rows.map((row) => row.quoteId));
    expect(body.map((row) => row[col('Link')])).toEqual(window.rows.map((row) => `quotedesk://quote/internal/${row.quoteId}`));
  });

  it('names the file after the view: its account, what it cuts, a selection', async () => {
    const needing = await exportCall('inbox.export', { format: 'csv', needsAction: true, accountId: 'internal' });
    expect(needing.fileName).toBe('Quotedesk - internal, Action needed - 2026-01-15.csv');
    const all = await exportCall('inbox.export', { format: 'xlsx' });
    expect(all.fileName).toBe('Quotedesk - All quotes - 2026-01-15.xlsx');
    const { rows } = await inbox['inbox.query']({ sort: 'newest', offset: 0, limit: 2 });
    const picked = await exportCall('inbox.export', { format: 'csv', selection: { kind: 'quotes', quoteIds: rows.map((row) => row.quoteId) } });
    expect(picked).toMatchObject({ rows: 2, fileName: 'Quotedesk - Selected quotes - 2026-01-15.csv' });
    const pickedNeeding = await exportCall('inbox.export', { format: 'csv', needsAction: true, selection: { kind: 'all', except: [] } });
    expect(pickedNeeding.fileName).toBe('Quotedesk - Selected quotes (Action needed) - 2026-01-15.csv');
  });

  it("names the file after the saved view the inbox shows, with the saved view's own name", async () => {
    const [company] = (await inbox['inbox.facets']({})).companies;
    saved = [SavedView.parse({ id: 'v1', name: 'Key account: Q1', query: { accountId: 'internal', needsAction: true, sort: 'value', filters: { companies: [company!.value] } } })];
    const view = { accountId: 'internal', needsAction: true, companies: [company!.value], sort: 'value' as const };
    expect((await exportCall('inbox.export', { ...view, format: 'xlsx' })).fileName).toBe('Quotedesk - Key account- Q1 - 2026-01-15.xlsx');
    expect((await exportCall('inbox.export', { ...view, format: 'csv', selection: { kind: 'all', except: [] } })).fileName).toBe('Quotedesk - Selected quotes (Key account- Q1) - 2026-01-15.csv');
    // Another order is another view: named by what it cuts.
    expect((await exportCall('inbox.export', { ...view, sort: 'newest', format: 'csv' })).fileName).toBe('Quotedesk - internal, Action needed, filtered - 2026-01-15.csv');
  });

  it('says on the bus when a file was written and how many rows it holds, so a large export\'s memory is given back', async () => {
    const written: number[] = [];
    rig.bus.subscribe('export.written', ({ rows }) => written.push(rows));
    const total = (await inbox['inbox.query']({ sort: 'newest', offset: 0, limit: 1 })).total;
    await exportCall('inbox.export', { format: 'xlsx' });
    await exportCall('inbox.export', { format: 'csv', needsAction: true });
    const needing = (await inbox['inbox.query']({ sort: 'newest', needsAction: true, offset: 0, limit: 1 })).total;
    expect(written).toEqual([total, needing]);
  });

  it('exports more quotes than one inbox window holds', async () => {
    const total = (await inbox['inbox.query']({ sort: 'newest', offset: 0, limit: 1 })).total;
    const answer = await exportCall('inbox.export', { format: 'csv' });
    expect(answer.rows).toBe(total);
    expect(csvLines(delivered[0]!)).toHaveLength(total + 1);
  });

  it('says plainly when this host cannot save files, and when a quote has no pricing on this computer', async () => {
    const service = accountsOf(accounts);
    const noHost = createExportHandlers({ cache: rig.cache, accounts: service, clock: createFakeClock(0) });
    await expect(noHost['inbox.export']({ sort: 'newest', format: 'csv' })).rejects.toThrow(/cannot save files/);
    await expect(exportCall('quotes.exportPricing', { accountId: 'internal', quoteId: 'no-such-quote', format: 'csv' })).rejects.toThrow(/pricing is not on this computer/);
  });
});

describe('exporting in the app language for the system region', () => {
  it('writes German headers and file names, and ";" with decimal commas for a de-DE region, reading both at each export', async () => {
    let locale: 'de' | 'ar' = 'de';
    let region = 'de-DE';
    const files: FileToDeliver[] = [];
    const localised = createExportHandlers({
      cache: rig.cache,
      accounts: accountsOf(accounts),
      clock: createFakeClock(Date.UTC(2026, 0, 15, 9)),
      deliver: async (file) => (files.push(file), { kind: 'saved' }),
      locale: () => locale,
      regionLocale: () => region,
    });
    const answer = await localised['inbox.export']({ sort: 'value', needsAction: true, format: 'csv' });
    expect(answer.fileName).toBe('Quotedesk - Handlungsbedarf - 2026-01-15.csv');
    const lines = csvLines(files[0]!);
    expect([...files[0]!.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]!.startsWith('"Angebotsnummer";"Projekt";')).toBe(true);
    expect(lines.slice(1).some((line) => /;\d+,\d+;/.test(line))).toBe(true);

    locale = 'ar';
    region = 'en-US';
    const arabic = await localised['inbox.export']({ sort: 'value', format: 'xlsx' });
    expect(arabic.fileName).toBe('Quotedesk - كل عروض الأسعار - 2026-01-15.xlsx');
    expect((await readSheet(Buffer.from(files[1]!.bytes)))[0]![0]).toBe('رقم عرض السعر');
    await localised['inbox.export']({ sort: 'value', format: 'csv' });
    expect(csvLines(files[2]!)[0]!.startsWith('"رقم عرض السعر","المشروع",')).toBe(true);
  });
});

describe("exporting a quote's pricing", () => {
  it('writes one row per line item under its team, service and target market, amounts as numbers', async () => {
    const withDetails = (await inbox['inbox.query']({ sort: 'newest', offset: 0, limit: 200 })).rows.find((row) => row.hasDetails)!;
    await engine.fetchDetails('internal', withDetails.quoteId);
    const details = rig.cache.get('internal', withDetails.quoteId)!.details!;
    const teams = details.itemsPricing!.teams;
    const items = teams.flatMap((team) => team.clientServices.flatMap((service) => service.targetMarkets.flatMap((market) => market.items.map((item) => ({ team, service, market, item })))));
    expect(items.length).toBeGreaterThan(0);

    const answer = await exportCall('quotes.exportPricing', { accountId: 'internal', quoteId: withDetails.quoteId, format: 'xlsx' });
    expect(answer.fileName).toBe(`Quotedesk - Quote ${details.quoteNumber} pricing - 2026-01-15.xlsx`);
    const sheet = await readSheet(Buffer.from(delivered[0]!.bytes));
    expect(sheet[0]).toEqual(['Team', 'Service', 'Service type', 'Service due', 'Target market', 'Item', 'Unit', 'Quantity', 'Unit price', 'Line total', 'Currency', 'Quote ID', 'Link']);
    const body = sheet.slice(1);
    expect(body).toHaveLength(items.length);
    const first = items[0]!;
    expect(body[0]!.slice(0, 3)).toEqual([first.team.teamName, first.service.serviceName, first.service.serviceType]);
    // The service's due date is a date cell, not text.
    expect(body[0]![3]).toEqual(first.service.dueDate === null ? null : new Date(`${first.service.dueDate}T00:00:00Z`));
    expect(body[0]![4]).toBe(first.market.targetMarketLabel);
    const link = `quotedesk://quote/internal/${withDetails.quoteId}`;
    expect(body[0]!.slice(5)).toEqual([first.item.itemName, first.item.unit, first.item.quantity, first.item.unitPrice, first.item.totalPrice, first.team.currency, withDetails.quoteId, link]);
    const sum = body.reduce((total, row) => total + (row[9] as number), 0);
    const expected = items.reduce((total, entry) => total + entry.item.totalPrice, 0);
    expect(sum).toBeCloseTo(expected, 6);
  });
});

import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { currencyIndexes } from '../../../../main/core/export/table';
import { createInsightsHandlers } from '../../../../main/core/insights/bridge';
import type { InsightsHandlerDeps } from '../../../../main/core/insights/bridge';
import { createHistoryFeed } from '../../../../main/core/insights/history-feed';
import { insightsTable } from '../../../../main/core/insights/export-table';
import { readInsights } from '../../../../main/core/insights/read';
import type { FileToDeliver } from '../../../../main/core/export/bridge';
import { insightsMethods } from '../../../../preload/contract/bridge/insights';
import type { InsightsExportInput } from '../../../../preload/contract/bridge/insights';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createFakeClock } from '../../../helpers/fake-clock';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';

const NOW = Date.UTC(2025, 2, 10, 12); // the fixtures' quotes are dated 20 February 2025
let rig: CacheRig;
let delivered: FileToDeliver[];

beforeEach(() => {
  rig = cacheRig(':memory:', createFakeClock(NOW));
  delivered = [];
  rig.cache.record({
    accountId: 'internal',
    access: 'internal',
    source: 'sync',
    observations: [
      {
        kind: 'list',
        items: [
          listItemOf(fakeQuote({ status: 'ACCEPTED', amount: 300, companyName: 'Acme Audio' })),
          listItemOf(fakeQuote({ status: 'ACCEPTED', amount: 45.5, companyName: 'Beta Books' })),
          listItemOf(fakeQuote({ status: 'REJECTED', amount: 10 })),
        ],
      },
    ],
  });
});
afterEach(() => rig.close());

async function exported(input: InsightsExportInput, deliver = true, history?: InsightsHandlerDeps['history']) {
  const handlers = createInsightsHandlers({
    history,
    cache: rig.cache,
    clock: rig.clock,
    expiringSoonDays: 7,
    deliver: deliver
      ? async (file) => {
          delivered.push(file);
          return { kind: 'saved' };
        }
      : undefined,
  });
  return insightsMethods['insights.export'].output.parse(await handlers['insights.export'](insightsMethods['insights.export'].input.parse(input)));
}

const text = (file: FileToDeliver) => new TextDecoder().decode(file.bytes).replace(/^\uFEFF/, '');

describe('insights tables as files', () => {
  it("writes a table's rows as the view counts them, through the export writers", async () => {
    expect(await exported({ table: 'spend-by-split', format: 'csv' })).toMatchObject({ kind: 'saved', rows: 2 });
    expect(delivered[0]!.fileName).toBe('Quotedesk - Insights Accepted spend per company - 2025-03-10.csv');
    expect(text(delivered[0]!).split('\r\n')).toEqual(['"Company","Currency","Total","Quotes"', '"Acme Audio","EUR",300,1', '"Beta Books","EUR",45.5,1', '']);
  });

  it('writes the decisions with the acceptance rate in per cent', async () => {
    await exported({ table: 'decisions', format: 'csv', range: 'all-time' });
    // No decision time known without the history feed: the median is left empty.
    expect(text(delivered[0]!).split('\r\n').slice(0, 2)).toEqual(['"Accepted","Declined","Acceptance rate (%)","Median days from quote date to decision"', '2,1,66.7,']);
  });

  it('writes the declines by reason, a decline made elsewhere under "Reason not known"', async () => {
    expect(await exported({ table: 'declines-by-reason', format: 'csv', range: 'all-time' })).toMatchObject({ rows: 1 });
    expect(delivered[0]!.fileName).toBe('Quotedesk - Insights Declines by reason - 2025-03-10.csv');
    expect(text(delivered[0]!).split('\r\n')).toEqual(['"Reason","Quotes"', '"Reason not known",1', '']);
  });

  it('writes the unit prices per service, language pair, unit and currency, with their spread', async () => {
    for (const amount of [100, 120, 130])
      rig.cache.record({ accountId: 'internal', access: 'internal', source: 'sync', observations: [{ kind: 'details', details: detailsOf(fakeQuote({ amount })) }] });
    const feed = createHistoryFeed({ cache: rig.cache, bus: rig.bus, clock: rig.clock });
    expect(await exported({ table: 'unit-prices', format: 'csv', range: 'all-time' }, true, { feed, cache: rig.cache })).toMatchObject({ rows: 1 });
    expect(delivered[0]!.fileName).toBe('Quotedesk - Insights Unit prices - 2025-03-10.csv');
    // Hand-computed: 0.10 0.12 0.13 a word: median 0.12, quartiles 0.11 and 0.125.
    expect(text(delivered[0]!).split('\r\n')).toEqual([
      '"Service type","Language pair","Unit","Currency","Quotes","Lines","Median","First quartile","Third quartile","Lowest","Highest","Outliers"',
      '"TRANSLATION","French (France)","word","EUR",3,3,0.12,0.11,0.125,0.1,0.13,0',
      '',
    ]);
  });

  it("names the file, its sheet and its columns in the main process's language", async () => {
    setLocale('de', { reload: false });
    try {
      await exported({ table: 'spend-by-split', format: 'csv' });
      await exported({ table: 'spend-by-currency', format: 'xlsx' });
    } finally {
      setLocale('en', { reload: false });
    }
    expect(delivered[0]!.fileName).toBe('Quotedesk - Auswertungen Ausgaben für angenommene Angebote nach Firma - 2025-03-10.csv');
    expect(text(delivered[0]!).split('\r\n')[0]).toBe('"Firma","Währung","Summe","Angebote"');
    expect(strFromU8(unzipSync(delivered[1]!.bytes)['xl/workbook.xml']!)).toContain('<sheet name="Angenommene Ausgaben"');
    expect(delivered[1]!.fileName).toBe('Quotedesk - Auswertungen Ausgaben für angenommene Angebote - 2025-03-10.xlsx');
  });

  it('finds each amount its currency column by the header in any language', () => {
    setLocale('ar', { reload: false });
    try {
      const { table } = insightsTable(readInsights({ cache: rig.cache, clock: rig.clock, expiringSoonDays: 7 }, { range: 'all-time', splitBy: 'company' }), 'pipeline');
      expect(table.columns.map((column) => column.header)).toEqual(['العملة', 'بانتظار قرار', 'عروض الأسعار']);
      expect(currencyIndexes(table.columns)).toEqual([-1, 0, -1]);
    } finally {
      setLocale('en', { reload: false });
    }
  });

  it('says so on a host that cannot save files, and refuses a custom range out of order', async () => {
    await expect(exported({ table: 'pipeline', format: 'csv' }, false)).rejects.toThrow(/cannot save files/);
    expect(() => insightsMethods['insights.export'].input.parse({ table: 'pipeline', format: 'csv', range: 'custom', from: '2025-03-02', to: '2025-03-01' })).toThrow(/first day/);
  });
});

// The team desk's views of the inbox ('Assigned to me', 'Waiting for my approval', 'My
// requests') read through the inbox's own handlers over a real cache: the rows, the facet
// counts, the sidebar's count and a selection in the view all hold exactly the team's quotes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportHandlers } from '../../../../main/core/export/bridge';
import type { FileToDeliver } from '../../../../main/core/export/bridge';
import { createInboxHandlers } from '../../../../main/core/inbox/bridge';
import { readInsights } from '../../../../main/core/insights/read';
import { selectedRows } from '../../../../main/core/inbox/selected-rows';
import type { TeamQuotes } from '../../../../main/core/inbox/team-filter';
import { methods } from '../../../../preload/contract';
import type { TeamInboxView } from '../../../../preload/contract';
import { fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import { inboxHandlersOver } from './inbox-handlers';
import type { CacheRig } from '../cache/helpers';
import { createManualClock } from '../notify/fixtures';

let rig: CacheRig;
let quotes: FakeQuote[];
/** What the team state says now: a view's quote ids (the team feature's mineQuotes). */
let mine: Record<TeamInboxView, Set<string>>;
let hidden: Set<string>;
const teamQuotes: TeamQuotes = (view) => mine[view];

beforeEach(() => {
  const clock = createManualClock(Date.parse('2026-03-10T12:00:00Z'));
  rig = cacheRig(':memory:', clock as unknown as Parameters<typeof cacheRig>[1]);
  quotes = [fakeQuote({ companyName: 'Acme Audio' }), fakeQuote({ companyName: 'Borealis' }), fakeQuote({ companyName: 'Acme Audio' }), fakeQuote({ companyName: 'Cygnet' })];
  rig.cache.setServices([{ id: 'internal', baseUrl: 'http://127.0.0.1:4010' }, { id: 'client', baseUrl: 'http://127.0.0.1:4010' }]);
  rig.cache.ingest({ accountId: 'internal', access: 'internal', source: 'sync', observation: { kind: 'list', items: quotes.map((quote) => listItemOf(quote)) } });
  rig.cache.ingest({ accountId: 'client', access: 'client', source: 'sync', observation: { kind: 'list', items: [listItemOf(quotes[0]!)] } });
  // A quote the team knows but this computer has not synced: never a row, never counted.
  mine = { assignedToMe: new Set([quotes[0]!.id, quotes[1]!.id, 'not-in-the-cache']), waitingForMe: new Set([quotes[2]!.id]), myRequests: new Set() };
  hidden = new Set();
});
afterEach(() => rig.close());

const handlers = () => inboxHandlersOver(rig, Date.parse('2026-03-10T12:00:00Z'), teamQuotes, () => hidden);

const idsOf = (rows: { quoteId: string }[]) => rows.map((row) => row.quoteId).sort();

describe('the team views of the inbox', () => {
  it('hold exactly the quotes the team state gives, across accounts, counted the same in the rows, the facets and the sidebar', async () => {
    const bridge = handlers();
    const assigned = await bridge.query({ team: 'assignedToMe' });
    expect(idsOf(assigned.rows)).toEqual([quotes[0]!.id, quotes[1]!.id].sort());
    expect(assigned.total).toBe(2);
    expect((await bridge.facets({ team: 'assignedToMe' })).total).toBe(2);
    expect(await bridge.counts([{ team: 'assignedToMe' }, { team: 'waitingForMe' }, { team: 'myRequests' }, {}])).toEqual([2, 1, 0, 4]);
    expect((await bridge.query({ team: 'myRequests' })).rows).toEqual([]);
  });

  it('keep every other filter of the inbox inside them: search, facets, a scope, quotes named', async () => {
    const bridge = handlers();
    expect(idsOf((await bridge.query({ team: 'assignedToMe', companies: ['Borealis'] })).rows)).toEqual([quotes[1]!.id]);
    expect(idsOf((await bridge.query({ team: 'assignedToMe', search: 'Borealis' })).rows)).toEqual([quotes[1]!.id]);
    expect(idsOf((await bridge.query({ team: 'assignedToMe', accountId: 'client' })).rows)).toEqual([quotes[0]!.id]);
    expect(idsOf((await bridge.query({ team: 'assignedToMe', quoteIds: [quotes[1]!.id, quotes[2]!.id] })).rows)).toEqual([quotes[1]!.id]);
    const facets = await bridge.facets({ team: 'assignedToMe' });
    expect(facets.companies).toEqual(expect.arrayContaining([{ value: 'Acme Audio', count: 1 }, { value: 'Borealis', count: 1 }]));
    expect(facets.companies.find((facet) => facet.value === 'Cygnet')?.count ?? 0).toBe(0);
  });

  it('follow the team state as it moves, and leave out the snoozed like every view', async () => {
    const bridge = handlers();
    mine.assignedToMe.delete(quotes[0]!.id);
    mine.assignedToMe.add(quotes[3]!.id);
    expect(idsOf((await bridge.query({ team: 'assignedToMe' })).rows)).toEqual([quotes[1]!.id, quotes[3]!.id].sort());
    hidden.add(quotes[1]!.id);
    expect(idsOf((await bridge.query({ team: 'assignedToMe' })).rows)).toEqual([quotes[3]!.id]);
    expect(await bridge.counts([{ team: 'assignedToMe' }])).toEqual([1]);
  });

  it('a selection made in a team view acts on its quotes only', async () => {
    const clock = { now: () => Date.parse('2026-03-10T12:00:00Z') } as never;
    const all = await selectedRows({ cache: rig.cache, clock, teamQuotes }, { team: 'waitingForMe', sort: 'newest', selection: { kind: 'all', except: [] } } as never);
    expect(idsOf(all.rows)).toEqual([quotes[2]!.id]);
    const named = await selectedRows({ cache: rig.cache, clock, teamQuotes }, { team: 'waitingForMe', sort: 'newest', selection: { kind: 'quotes', quoteIds: [quotes[0]!.id, quotes[2]!.id] } } as never);
    expect(idsOf(named.rows)).toEqual([quotes[2]!.id]);
  });

  it('hold nothing when the core has no team desk', async () => {
    const clock = { now: () => 0 } as never;
    const inbox = createInboxHandlers({ cache: rig.cache, clock, sync: { state: () => ({}) as never, fetchDetails: async () => undefined as never }, pdfs: {} as never, accounts: { list: async () => [] } });
    expect((await inbox['inbox.query'](methods['inbox.query'].input.parse({ team: 'assignedToMe' }))).total).toBe(0);
  });

  it('export as their lists show them: the file holds the view\u2019s quotes and is named after it', async () => {
    const delivered: FileToDeliver[] = [];
    const exports = createExportHandlers({
      cache: rig.cache,
      accounts: { list: async () => [] },
      clock: { now: () => Date.parse('2026-03-10T12:00:00Z') } as never,
      hidden: () => hidden,
      teamQuotes,
      locale: () => 'en',
      regionLocale: () => 'en-GB',
      deliver: async (file) => {
        delivered.push(file);
        return { kind: 'saved' };
      },
    });
    const answer = await exports['inbox.export'](methods['inbox.export'].input.parse({ team: 'assignedToMe', format: 'csv' }));
    expect(answer.rows).toBe(2);
    expect(answer.fileName).toContain('Assigned to me');
    const text = new TextDecoder().decode(delivered[0]!.bytes);
    expect(text).toContain('Acme Audio');
    expect(text).toContain('Borealis');
    expect(text).not.toContain('Cygnet');
  });

  it('count their Insights over their own quotes, as their list shows them', () => {
    const clock = { now: () => Date.parse('2026-03-10T12:00:00Z') } as never;
    const figures = (team?: TeamInboxView) => readInsights({ cache: rig.cache, clock, expiringSoonDays: 7, hidden: () => hidden, teamQuotes }, methods['insights.figures'].input.parse({ range: 'all-time', team }));
    expect(figures().quotes).toBe(4);
    expect(figures('assignedToMe').quotes).toBe(2);
    expect(figures('waitingForMe').quotes).toBe(1);
    expect(figures('myRequests').quotes).toBe(0);
  });
});

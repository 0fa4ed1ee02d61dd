// The team desk's assignee facet read through the inbox's own handlers over a real cache: its
// counts over the selection without its own choice (a member per assignee and nobody, a quote
// seen by two accounts once), and choosing narrows the rows, the other facets, the sidebar's
// count and an export alike, together with search, the other facets and the team views.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportHandlers } from '../../../../main/core/export/bridge';
import type { FileToDeliver } from '../../../../main/core/export/bridge';
import type { QuoteAssignee, TeamQuotes } from '../../../../main/core/inbox/team-filter';
import { methods, NOBODY_ASSIGNEE } from '../../../../preload/contract';
import type { TeamInboxView } from '../../../../preload/contract';
import { fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import { inboxHandlersOver } from './inbox-handlers';
import type { CacheRig } from '../cache/helpers';
import { createManualClock } from '../notify/fixtures';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };
const BOB = { name: 'Bob Stone', email: 'bob@example.com' };

let rig: CacheRig;
let quotes: FakeQuote[];
/** What the team's per-quote state says now: each assigned quote's assignee. */
let assignees: Map<string, QuoteAssignee>;
let mine: Record<TeamInboxView, Set<string>>;
const teamQuotes: TeamQuotes = Object.assign((view: TeamInboxView) => mine[view], { assigneeOf: () => assignees });

beforeEach(() => {
  rig = cacheRig(':memory:', createManualClock(NOW) as unknown as Parameters<typeof cacheRig>[1]);
  quotes = [fakeQuote({ companyName: 'Acme Audio' }), fakeQuote({ companyName: 'Borealis' }), fakeQuote({ companyName: 'Acme Audio' }), fakeQuote({ companyName: 'Cygnet' }), fakeQuote({ companyName: 'Borealis' })];
  rig.cache.setServices([{ id: 'internal', baseUrl: 'http://127.0.0.1:4010' }, { id: 'client', baseUrl: 'http://127.0.0.1:4010' }]);
  rig.cache.ingest({ accountId: 'internal', access: 'internal', source: 'sync', observation: { kind: 'list', items: quotes.map((quote) => listItemOf(quote)) } });
  // Quote 0 is seen by both accounts: one row, counted once.
  rig.cache.ingest({ accountId: 'client', access: 'client', source: 'sync', observation: { kind: 'list', items: [listItemOf(quotes[0]!)] } });
  // Ada has 0 and 1, Bob has 2; 3 and 4 are nobody's; a quote not on this computer counts nowhere.
  assignees = new Map([
    [quotes[0]!.id, ADA],
    [quotes[1]!.id, ADA],
    [quotes[2]!.id, BOB],
    ['not-in-the-cache', BOB],
  ]);
  mine = { assignedToMe: new Set([quotes[0]!.id, quotes[3]!.id]), waitingForMe: new Set(), myRequests: new Set() };
});
afterEach(() => rig.close());

const bridge = (team: TeamQuotes | null = teamQuotes) => inboxHandlersOver(rig, NOW, team ?? undefined);

const idsOf = (rows: { quoteId: string }[]) => rows.map((row) => row.quoteId).sort();
const ids = (...at: number[]) => at.map((index) => quotes[index]!.id).sort();

describe("the inbox's assignee facet", () => {
  it('counts each member and nobody over the selection, a quote seen by two accounts once', async () => {
    expect((await bridge().facets({})).assignees).toEqual([
      { value: ADA.email, name: ADA.name, count: 2 },
      { value: BOB.email, name: BOB.name, count: 1 },
      { value: NOBODY_ASSIGNEE, name: '', count: 2 },
    ]);
    // With the other filters: Borealis holds 1 (Ada) and 4 (nobody).
    expect((await bridge().facets({ companies: ['Borealis'] })).assignees).toEqual([
      { value: ADA.email, name: ADA.name, count: 1 },
      { value: NOBODY_ASSIGNEE, name: '', count: 1 },
    ]);
  });

  it('counts without its own choice, and keeps a chosen value with none', async () => {
    const facets = await bridge().facets({ assignees: [BOB.email], companies: ['Cygnet'] });
    expect(facets.total).toBe(0);
    expect(facets.assignees).toEqual([
      { value: BOB.email, name: BOB.name, count: 0 },
      { value: NOBODY_ASSIGNEE, name: '', count: 1 },
    ]);
  });

  it('narrows the rows, the other facets and the sidebar to the chosen assignees, nobody included', async () => {
    const inbox = bridge();
    expect(idsOf((await inbox.query({ assignees: [ADA.email] })).rows)).toEqual(ids(0, 1));
    expect(idsOf((await inbox.query({ assignees: [NOBODY_ASSIGNEE] })).rows)).toEqual(ids(3, 4));
    expect(idsOf((await inbox.query({ assignees: [BOB.email, NOBODY_ASSIGNEE] })).rows)).toEqual(ids(2, 3, 4));
    expect((await inbox.facets({ assignees: [ADA.email] })).companies).toEqual(expect.arrayContaining([{ value: 'Acme Audio', count: 1 }, { value: 'Borealis', count: 1 }]));
    expect(await inbox.counts([{ assignees: [ADA.email] }, { assignees: [NOBODY_ASSIGNEE] }, {}])).toEqual([2, 2, 5]);
  });

  it('combines with search, the other facets, a scope and the team views', async () => {
    const inbox = bridge();
    expect(idsOf((await inbox.query({ assignees: [ADA.email], search: 'Borealis' })).rows)).toEqual(ids(1));
    expect(idsOf((await inbox.query({ assignees: [ADA.email, NOBODY_ASSIGNEE], companies: ['Borealis'] })).rows)).toEqual(ids(1, 4));
    expect(idsOf((await inbox.query({ assignees: [ADA.email], accountId: 'client' })).rows)).toEqual(ids(0));
    expect(idsOf((await inbox.query({ team: 'assignedToMe', assignees: [NOBODY_ASSIGNEE] })).rows)).toEqual(ids(3));
    expect((await inbox.facets({ team: 'assignedToMe' })).assignees).toEqual([
      { value: ADA.email, name: ADA.name, count: 1 },
      { value: NOBODY_ASSIGNEE, name: '', count: 1 },
    ]);
  });

  it('is absent on no team, and choosing there holds only the quotes of nobody', async () => {
    const none = bridge(null);
    expect((await none.facets({})).assignees).toEqual([]);
    expect((await none.query({ assignees: [NOBODY_ASSIGNEE] })).total).toBe(5);
    expect((await none.query({ assignees: [ADA.email] })).total).toBe(0);
  });

  it('narrows an export of the view as its list shows it', async () => {
    const delivered: FileToDeliver[] = [];
    const exports = createExportHandlers({
      cache: rig.cache,
      accounts: { list: async () => [] },
      clock: { now: () => NOW } as never,
      teamQuotes,
      locale: () => 'en',
      regionLocale: () => 'en-GB',
      deliver: async (file) => {
        delivered.push(file);
        return { kind: 'saved' };
      },
    });
    const answer = await exports['inbox.export'](methods['inbox.export'].input.parse({ assignees: [NOBODY_ASSIGNEE], format: 'csv' }));
    expect(answer.rows).toBe(2);
    const text = new TextDecoder().decode(delivered[0]!.bytes);
    expect(text).toContain('Cygnet');
    expect(text).not.toContain('Acme Audio');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../../../../main/core/bridge/events';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { projectAccountEvents } from '../../../../main/core/accounts/bridge';
import { stopAll } from '../../../../main/core/bridge/feature';
import { projectInboxEvents } from '../../../../main/core/inbox/projection';
import { projectSyncEvents } from '../../../../main/core/sync/bridge';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { accountView } from '../../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';

function setup() {
  const logger = createRecordingLogger();
  const bus = createEventBus<DomainEvents>({ logger });
  const hub = createEventHub({ logger });
  const seen: BridgeEvent[] = [];
  hub.subscribe((event) => seen.push(event));
  const stop = stopAll([projectAccountEvents(bus, hub), projectSyncEvents(bus, hub), projectInboxEvents(bus, hub, { firstCacheVersion: 1, maxQuotes: 20 })]);
  return { bus, seen, stop, logger };
}

afterEach(() => {
  vi.useRealTimers();
});

const stored = (accountId: string, quoteId = 'q-1', version: string | null = `v-${quoteId}`) => ({
  accountId,
  source: 'sync' as const,
  baseline: false,
  quotes: [{ quoteId, quoteNumber: 'Q-1', projectName: 'Spring', companyName: null, totalPrice: null, status: 'SENT' as const, version, changes: [{ kind: 'new' as const }] }],
});
const inboxChanges = (seen: BridgeEvent[]) => seen.filter((event) => event.name === 'inbox.changed').map((event) => event.payload);
const accountsOf = (seen: BridgeEvent[]) => inboxChanges(seen).map((payload) => ('accountIds' in payload ? payload.accountIds : null));

describe('domain events projected onto contract events', () => {
  it('sends the account list and status changes to the renderer as its contract names them', () => {
    const { bus, seen } = setup();
    bus.publish('accounts.changed', { accounts: [accountView({ status: 'rate-limited', statusMessage: 'Try again in 2 minutes.' })] });
    bus.publish('account.status', { accountId: 'acc-1', status: 'service-error', message: 'The service had a problem.' });
    expect(seen).toEqual([
      { name: 'accounts.changed', payload: { accounts: [accountView({ status: 'rate-limited', statusMessage: 'Try again in 2 minutes.' })] } },
      { name: 'accounts.statusChanged', payload: { accountId: 'acc-1', status: 'service-error', message: 'The service had a problem.' } },
    ]);
  });

  it('tells of an account removed for good only as an inbox change (its quotes left the cache), and stops when told', () => {
    const { bus, seen, stop } = setup();
    bus.publish('account.removed', { accountId: 'acc-1' });
    // Its quotes are too many to name: "many", re-read what is shown of it.
    expect(seen).toEqual([{ name: 'inbox.changed', payload: { cacheVersion: 1, accountIds: ['acc-1'], quotes: null } }]);
    seen.length = 0;
    bus.publish('sync.completed', { accountId: 'acc-1', at: 1, quotes: 0, needsAction: [] });
    expect(seen).toEqual([]);
    stop();
    bus.publish('accounts.changed', { accounts: [] });
    expect(seen).toEqual([]);
  });

  it('says when only facets moved (details read in the background), and not once a row moved in the same quiet time', () => {
    vi.useFakeTimers();
    const { bus, seen } = setup();
    bus.publish('quotes.described', { accountId: 'acc-1', count: 3 });
    expect(inboxChanges(seen)).toEqual([{ cacheVersion: 1, accountIds: ['acc-1'], quotes: [], facetsOnly: true }]);
    // Within the next quiet time: described, then a quote stored: its row moved, so not "facets only".
    bus.publish('quotes.described', { accountId: 'acc-1', count: 1 });
    bus.publish('quotes.stored', stored('acc-2'));
    vi.advanceTimersByTime(1_000);
    expect(inboxChanges(seen)[1]).toEqual({ cacheVersion: 2, accountIds: ['acc-1', 'acc-2'], quotes: [{ accountId: 'acc-2', quoteId: 'q-1', version: 'v-q-1' }] });
  });

  it('sends sync states with their plain-words summary', () => {
    const { bus, seen } = setup();
    bus.publish('sync.state', { accountId: 'acc-1', phase: 'offline', progress: null, lastSyncedAt: 1_000, offlineSince: 2_000, rateLimitedUntil: null, message: 'The service could not be reached.' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ name: 'sync.changed', payload: { accountId: 'acc-1', phase: 'offline', offlineSince: 2_000, lastSyncedAt: 1_000 } });
    expect(seen[0]!.name === 'sync.changed' && seen[0]!.payload.summary).toMatch(/offline/i);
  });

  it('sends PDF download progress as pdfs.progress', () => {
    const { bus, seen } = setup();
    bus.publish('pdf.progress', { accountId: 'acc-1', quoteId: 'q-1', bytes: 512, total: null });
    expect(seen).toEqual([{ name: 'pdfs.progress', payload: { accountId: 'acc-1', quoteId: 'q-1', bytes: 512, total: null } }]);
  });

  it('tells the inbox at once, then at most once per 100 ms with every account that changed meanwhile', () => {
    vi.useFakeTimers();
    const { bus, seen } = setup();
    bus.publish('quotes.stored', stored('acc-1'));
    expect(accountsOf(seen)).toEqual([['acc-1']]);
    for (let page = 0; page < 50; page += 1) bus.publish('quotes.stored', stored(page % 2 ? 'acc-2' : 'acc-1', `q-${page}`));
    bus.publish('pdf.changed', { accountId: 'acc-3', quoteId: 'q-9', cached: true, outdated: false });
    expect(inboxChanges(seen)).toHaveLength(1);
    vi.advanceTimersByTime(99);
    expect(inboxChanges(seen)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(accountsOf(seen)).toEqual([['acc-1'], ['acc-1', 'acc-2', 'acc-3']]);
    // Quiet for a whole period: the next change goes at once again.
    vi.advanceTimersByTime(250);
    bus.publish('pdf.changed', { accountId: 'acc-2', quoteId: 'q-1', cached: false, outdated: false });
    expect(accountsOf(seen)).toEqual([['acc-1'], ['acc-1', 'acc-2', 'acc-3'], ['acc-2']]);
    // Each event a cache version above the last.
    expect(inboxChanges(seen).map((payload) => payload.cacheVersion)).toEqual([1, 2, 3]);
  });

  it('names the quotes stored with their new versions, the last stored of each, and no quote for a PDF badge', () => {
    vi.useFakeTimers();
    const { bus, seen } = setup();
    bus.publish('quotes.stored', stored('acc-1', 'q-1', 'v1'));
    bus.publish('quotes.stored', stored('acc-1', 'q-2', null));
    bus.publish('quotes.stored', stored('acc-2', 'q-1', 'other'));
    bus.publish('quotes.stored', stored('acc-1', 'q-1', 'v2'));
    bus.publish('pdf.changed', { accountId: 'acc-3', quoteId: 'q-9', cached: true, outdated: false });
    vi.advanceTimersByTime(100);
    expect(inboxChanges(seen)).toEqual([
      { cacheVersion: 1, accountIds: ['acc-1'], quotes: [{ accountId: 'acc-1', quoteId: 'q-1', version: 'v1' }] },
      {
        cacheVersion: 2,
        accountIds: ['acc-1', 'acc-2', 'acc-3'],
        quotes: [
          { accountId: 'acc-1', quoteId: 'q-2', version: null },
          { accountId: 'acc-2', quoteId: 'q-1', version: 'other' },
          { accountId: 'acc-1', quoteId: 'q-1', version: 'v2' },
        ],
      },
    ]);
  });

  it('says "many" beyond the cap of named quotes, and names them again in the next quiet time', () => {
    vi.useFakeTimers();
    const { bus, seen } = setup();
    bus.publish('quotes.stored', stored('acc-1', 'first'));
    for (let index = 0; index < 21; index += 1) bus.publish('quotes.stored', stored('acc-1', `q-${index}`));
    vi.advanceTimersByTime(100);
    expect(inboxChanges(seen)[1]).toEqual({ cacheVersion: 2, accountIds: ['acc-1'], quotes: null });
    vi.advanceTimersByTime(100);
    bus.publish('quotes.stored', stored('acc-1', 'later'));
    expect(inboxChanges(seen)[2]).toEqual({ cacheVersion: 3, accountIds: ['acc-1'], quotes: [{ accountId: 'acc-1', quoteId: 'later', version: 'v-later' }] });
  });

  it('says nothing for a store that changed nothing, and drops a pending change when stopped', () => {
    vi.useFakeTimers();
    const { bus, seen, stop } = setup();
    bus.publish('quotes.stored', { ...stored('acc-1'), quotes: [] });
    expect(inboxChanges(seen)).toEqual([]);
    bus.publish('quotes.stored', stored('acc-1'));
    bus.publish('quotes.stored', stored('acc-2'));
    stop();
    vi.advanceTimersByTime(1_000);
    expect(accountsOf(seen)).toEqual([['acc-1']]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

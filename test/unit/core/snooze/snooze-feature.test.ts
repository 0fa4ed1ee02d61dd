// Snoozing a quote: it leaves every view and count (whichever key sees it), waits in the
// Snoozed list, and comes back at its time or when it changes, with a notification; the
// snoozes survive a restart, and a damaged file loses nothing else and says so.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventHub } from '../../../../main/core/bridge/events';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { createInboxHandlers } from '../../../../main/core/inbox/bridge';
import { createViewCountHandlers } from '../../../../main/core/inbox/view-counts';
import { createSilentLogger } from '../../../../main/core/log';
import { createSnoozeFeature } from '../../../../main/core/snooze/feature';
import type { SnoozeFeature, WakeReason } from '../../../../main/core/snooze/feature';
import type { Snooze } from '../../../../preload/contract';
import { methods } from '../../../../preload/contract';
import { fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createManualClock } from '../notify/fixtures';
import type { ManualClock } from '../notify/fixtures';

const HOUR = 3600_000;
let dir: string;
let clock: ManualClock;
let rig: CacheRig;
let quotes: FakeQuote[];
let running: SnoozeFeature[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-snooze-'));
  clock = createManualClock(Date.parse('2026-03-10T12:00:00Z'));
  rig = cacheRig(':memory:', clock as unknown as Parameters<typeof cacheRig>[1]);
  quotes = [fakeQuote({ status: 'SENT' }), fakeQuote({ status: 'SENT' }), fakeQuote({ status: 'REVISED' })];
  // The internal key sees all three; a client key on the same service sees the first too (one row across accounts).
  rig.cache.setServices([{ id: 'internal', baseUrl: 'http://127.0.0.1:4010' }, { id: 'client', baseUrl: 'http://127.0.0.1:4010' }]);
  rig.cache.ingest({ accountId: 'internal', access: 'internal', source: 'sync', observation: { kind: 'list', items: quotes.map((quote) => listItemOf(quote)) } });
  rig.cache.ingest({ accountId: 'client', access: 'client', source: 'sync', observation: { kind: 'list', items: [listItemOf(quotes[0]!)] } });
  // Filled once: what is stored from now on is news.
  rig.store.putAccount({ accountId: 'internal', access: 'internal', lastSyncedAt: clock.now() });
});
afterEach(async () => {
  for (const feature of running.splice(0)) await feature.close?.();
  rig.close();
  await rm(dir, { recursive: true, force: true });
});

/** One app run over the snoozes file in `dir`: its handlers called as the dispatcher calls them, its events and notifications recorded. */
function launch() {
  const announced: [string, WakeReason][] = [];
  const feature = createSnoozeFeature({ userData: dir, cache: rig.cache, bus: rig.bus, clock, logger: createSilentLogger(), announce: (snooze, reason) => void announced.push([snooze.quoteId, reason]) });
  running.push(feature);
  const hub = createEventHub({ logger: createSilentLogger() });
  const events: BridgeEvent[] = [];
  hub.subscribe((event) => events.push(event));
  feature.project?.(hub);
  const call = async <M extends 'snooze.list' | 'snooze.set' | 'snooze.clear'>(method: M, input?: unknown): Promise<Snooze[]> => {
    const handler = feature.handlers[method] as (value: unknown) => Promise<unknown>;
    return methods[method].output.parse(await handler(methods[method].input.parse(input))) as Snooze[];
  };
  const counts = createViewCountHandlers({ cache: rig.cache, clock, expiringSoonDays: 7, hidden: feature.hidden });
  const inbox = createInboxHandlers({ cache: rig.cache, sync: {} as never, pdfs: {} as never, accounts: { list: async () => [] }, clock, hidden: feature.hidden });
  /** The saved views' counts (internal, client, all accounts) and the facets' total of all accounts: what the sidebar and the list show. */
  const shown = async () => {
    const { counts: viewCounts } = await counts['views.counts']({ selections: [{ accountId: 'internal' }, { accountId: 'client' }, {}] });
    const facets = await inbox['inbox.facets']({});
    return { views: viewCounts, facets: facets.total };
  };
  return { feature, announced, events, call, shown };
}

const snoozeOf = (quote: FakeQuote, hours: number, accountId = 'internal') => ({ accountId, quoteId: quote.id, until: new Date(clock.now() + hours * HOUR).toISOString() });

describe('snoozing a quote', () => {
  it('takes it out of every view and count, whichever key sees it, and lists it with its wake time', async () => {
    const { call, shown, events } = launch();
    const before = await shown();
    expect(before.views).toEqual([3, 1, 3]);
    const listed = await call('snooze.set', snoozeOf(quotes[0]!, 5, 'client'));
    expect(listed).toEqual([expect.objectContaining({ accountId: 'client', quoteId: quotes[0]!.id, until: '2026-03-10T17:00:00.000Z', quoteNumber: quotes[0]!.quoteNumber, projectName: quotes[0]!.projectName, companyName: quotes[0]!.companyName })]);
    // One quote, one snooze: the internal key's views lose it too.
    expect(await shown()).toEqual({ views: [2, 0, 2], facets: before.facets - 1 });
    expect(events.map((event) => event.name)).toEqual(['snooze.changed']);

    await call('snooze.clear', { quoteId: quotes[0]!.id });
    expect(await shown()).toEqual(before);
    expect(await call('snooze.list')).toEqual([]);
  });

  it('refuses a time that has passed, and a quote the account does not hold', async () => {
    const { call } = launch();
    await expect(call('snooze.set', snoozeOf(quotes[0]!, 0))).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(call('snooze.set', snoozeOf(quotes[1]!, 1, 'client'))).rejects.toMatchObject({ code: 'not-found' });
    expect(await call('snooze.list')).toEqual([]);
  });

  it('wakes it at its time on the core clock, with a notification, and it is back in its views', async () => {
    const { feature, call, shown, announced, events } = launch();
    await feature.start?.();
    await call('snooze.set', snoozeOf(quotes[1]!, 2));
    await call('snooze.set', snoozeOf(quotes[2]!, 30));
    await clock.advance(2 * HOUR - 1);
    expect(announced).toEqual([]);
    expect((await shown()).views).toEqual([1, 1, 1]);
    await clock.advance(1);
    expect(announced).toEqual([[quotes[1]!.id, 'time']]);
    expect((await shown()).views).toEqual([2, 1, 2]);
    expect((await call('snooze.list')).map((snooze) => snooze.quoteId)).toEqual([quotes[2]!.id]);
    expect(events.at(-1)).toMatchObject({ name: 'snooze.changed', payload: [expect.objectContaining({ quoteId: quotes[2]!.id })] });
  });

  it('wakes it early when the quote itself moves (a status change, a revision), not for another field', async () => {
    const { call, announced } = launch();
    await call('snooze.set', snoozeOf(quotes[0]!, 48));
    await call('snooze.set', snoozeOf(quotes[1]!, 48));
    rig.cache.ingest({ accountId: 'internal', access: 'internal', source: 'sync', observation: { kind: 'list', items: [{ ...listItemOf(quotes[0]!), projectName: 'Renamed' }] } });
    expect(announced).toEqual([]);
    rig.cache.ingest({ accountId: 'internal', access: 'internal', source: 'webhook', observation: { kind: 'list', items: [listItemOf(quotes[1]!, 'REVISED')] } });
    expect(announced).toEqual([[quotes[1]!.id, 'changed']]);
    expect((await call('snooze.list')).map((snooze) => snooze.quoteId)).toEqual([quotes[0]!.id]);
  });
});

describe('the snoozes file', () => {
  it('keeps the snoozes across a restart', async () => {
    const first = launch();
    await first.call('snooze.set', snoozeOf(quotes[0]!, 5));
    await first.feature.close?.();
    running = [];
    const next = launch();
    expect((await next.call('snooze.list')).map((snooze) => snooze.quoteId)).toEqual([quotes[0]!.id]);
    expect((await next.shown()).views).toEqual([2, 0, 2]);
    expect(next.feature.problems()).toEqual([]);
  });

  it('sets a file that is not JSON aside, starts empty and says so', async () => {
    const path = join(dir, 'snoozes.json');
    await writeFile(path, '{"cut short');
    const { feature, call } = launch();
    expect(await call('snooze.list')).toEqual([]);
    const [problem] = feature.problems();
    expect(problem).toMatchObject({ file: 'snoozes', path, reason: expect.stringMatching(/^The snoozes file is not valid JSON/) });
    expect(await readFile(problem!.keptAt!, 'utf8')).toBe('{"cut short');
  });

  it('drops only the snoozes it cannot read, keeps a copy of the file as it was, and says so', async () => {
    const first = launch();
    await first.call('snooze.set', snoozeOf(quotes[0]!, 5));
    await first.call('snooze.set', snoozeOf(quotes[1]!, 6));
    await first.feature.close?.();
    running = [];
    const path = join(dir, 'snoozes.json');
    const stored = JSON.parse(await readFile(path, 'utf8')) as Record<string, Snooze>;
    stored[quotes[1]!.id] = { ...stored[quotes[1]!.id]!, until: 'next Tuesday' };
    const damaged = JSON.stringify(stored);
    await writeFile(path, damaged);
    const next = launch();
    expect((await next.call('snooze.list')).map((snooze) => snooze.quoteId)).toEqual([quotes[0]!.id]);
    const [problem] = next.feature.problems();
    expect(problem).toMatchObject({ file: 'snoozes', reason: 'The snoozes file held 1 unreadable snooze; the others were kept.' });
    expect(existsSync(problem!.keptAt!)).toBe(true);
    expect(await readFile(problem!.keptAt!, 'utf8')).toBe(damaged);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { createRecovery, createSyncEngine } from '../../../../main/core/sync';
import type { SyncEngine } from '../../../../main/core/sync';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { accountsOf, startRelay, testAccount } from './helpers';
import type { Relay, TestAccount } from './helpers';

let sim: Simulator;
let relay: Relay;
let clock: FakeClock;
let rig: CacheRig;
let engine: SyncEngine;
let accounts: TestAccount[];

beforeEach(async () => {
  sim = await startSimulator({ seed: 5, quotes: 230, clock: new ManualClock(), log: () => undefined });
  relay = await startRelay(sim.baseUrl);
  clock = createFakeClock(Date.UTC(2026, 0, 15, 9));
  rig = cacheRig(':memory:', clock);
  accounts = [
    testAccount('internal', 'internal', relay.baseUrl, { mechanism: 'api-key', apiKey: sim.credentials.adminApiKey }, clock),
    testAccount('client', 'client', relay.baseUrl, { mechanism: 'api-key', apiKey: sim.credentials.companies[0]!.apiKey }, clock),
  ];
  engine = createSyncEngine({ accounts: accountsOf(accounts), bus: rig.bus, cache: rig.cache, clock, logger: createSilentLogger(), options: { intervalMs: 60_000 }, every: () => () => undefined });
  engine.start();
});
afterEach(async () => {
  await engine.stop();
  for (const account of accounts) await account.client.close();
  await relay.close();
  await sim.close();
  rig.close();
});

const listRequests = () => sim.operator.requests().filter((entry) => entry.method === 'GET' && /\/quotes$/.test(entry.path.split('?')[0]!));
const all = (accountId?: string) => rig.cache.inbox({ accountId, sort: 'newest', offset: 0, limit: 10_000, now: clock.now() });

describe('sync', () => {
  it('first sync takes the whole list in pages of 100, reports progress, and prefetches details of quotes needing action', async () => {
    await engine.tick();
    const internalTotal = sim.operator.findQuotes().length;
    expect(all('internal').total).toBe(internalTotal);
    expect(all('client').total).toBe(sim.operator.findQuotes({ companyId: sim.credentials.companies[0]!.id }).length);

    const pages = Math.ceil(internalTotal / 100);
    const progress = rig.ofType('sync.state').filter((state) => state.accountId === 'internal' && state.phase === 'syncing' && state.progress?.pagesTotal);
    const listed = progress.filter((state) => !state.progress?.details);
    expect(listed.at(-1)?.progress).toEqual({ pagesDone: pages, pagesTotal: pages, quotesSeen: internalTotal });
    expect(engine.state('internal')).toMatchObject({ phase: 'online', lastSyncedAt: clock.now(), progress: null });

    const needingAction = rig.cache.needsAction('internal');
    expect(needingAction.length).toBeGreaterThan(0);
    // Then the details, counted up to every quote that needs action (none was cached yet).
    const details = progress.filter((state) => state.progress?.details).map((state) => state.progress?.details);
    expect(details[0]).toEqual({ done: 0, total: needingAction.length });
    expect(details.at(-1)).toEqual({ done: needingAction.length, total: needingAction.length });
    for (const quoteId of needingAction) expect(rig.cache.get('internal', quoteId)?.details?.id).toBe(quoteId);
    expect(rig.ofType('quotes.stored').every((event) => event.baseline)).toBe(true);
    expect(rig.ofType('sync.completed').map((event) => event.accountId).sort()).toEqual(['client', 'internal']);
  });

  it('a pass with nothing changed reports nothing and asks only for the list', async () => {
    await engine.tick();
    rig.events.length = 0;
    const before = sim.operator.requests().length;
    clock.advance(60_000);
    await engine.tick();
    expect(rig.ofType('quotes.stored')).toEqual([]);
    const asked = sim.operator.requests().slice(before);
    expect(asked.every((entry) => /\/quotes$/.test(entry.path.split('?')[0]!))).toBe(true);
  });

  it('is not due again before its interval, and a refresh runs at once', async () => {
    await engine.tick();
    const count = listRequests().length;
    clock.advance(30_000);
    await engine.tick();
    expect(listRequests().length).toBe(count);
    await engine.refresh('internal');
    expect(listRequests().length).toBeGreaterThan(count);
  });

  it('a new interval (Settings) reschedules accounts from their last pass', async () => {
    await engine.tick();
    const count = listRequests().length;
    clock.advance(30_000);
    await engine.tick();
    expect(listRequests().length).toBe(count);
    // Every 20 s now (the rig's interval is a minute): 30 s have passed since the last pass, so both accounts are due.
    engine.setIntervalMs(20_000);
    await engine.tick();
    const afterNewInterval = listRequests().length;
    expect(afterNewInterval).toBeGreaterThan(count);
    clock.advance(10_000);
    await engine.tick();
    expect(listRequests().length).toBe(afterNewInterval);
    clock.advance(10_000);
    await engine.tick();
    expect(listRequests().length).toBeGreaterThan(afterNewInterval);
  });

  it('marks the first pass after an account was offline as a catch-up of that account only, and later passes not', async () => {
    await engine.stop();
    const recovery = createRecovery();
    engine = createSyncEngine({ accounts: accountsOf(accounts), bus: rig.bus, cache: rig.cache, clock, logger: createSilentLogger(), recovery, options: { intervalMs: 60_000 }, every: () => () => undefined });
    engine.start();
    await engine.tick();
    // Read while each store happens (the bus is synchronous): was it a catch-up?
    const marks: string[] = [];
    rig.bus.subscribe('quotes.stored', ({ accountId, baseline }) => {
      if (!baseline) marks.push(`${accountId}:${recovery.active(accountId) ? 'recovered' : 'sync'}`);
    });
    const [first, second] = sim.operator.findQuotes({ status: 'SENT', companyId: sim.credentials.companies[0]!.id });

    await relay.stop();
    clock.advance(60_000);
    await engine.tick();
    expect(engine.state('internal').phase).toBe('offline');
    sim.operator.cancelQuote(first!.id);
    await relay.start();
    clock.advance(5_000);
    await engine.tick();
    expect(engine.state('internal').phase).toBe('online');
    expect(marks.sort()).toEqual(['client:recovered', 'internal:recovered']);
    expect(recovery.active('internal')).toBe(false);

    marks.length = 0;
    sim.operator.cancelQuote(second!.id);
    clock.advance(60_000);
    await engine.tick();
    expect(marks.sort()).toEqual(['client:sync', 'internal:sync']);
  });

  it('offline and back: the cache serves everything, then sync reports exactly what the operator changed meanwhile', async () => {
    await engine.tick();
    const snapshot = all();
    const [toRevise, toCancel] = sim.operator.findQuotes({ status: 'SENT' });
    const company = sim.credentials.companies[0]!;
    const openDetails = rig.cache.get('internal', toRevise!.id)!.details;
    expect(openDetails).not.toBeNull();

    await relay.stop();
    clock.advance(60_000);
    await engine.tick();
    expect(engine.state('internal')).toMatchObject({ phase: 'offline', offlineSince: clock.now() });
    expect(engine.state('client').phase).toBe('offline');
    // Everything still readable from the cache.
    expect(all()).toEqual(snapshot);
    expect(rig.cache.get('internal', toRevise!.id)?.details).toEqual(openDetails);
    await expect(engine.fetchDetails('internal', toRevise!.id)).rejects.toMatchObject({ code: 'network' });

    sim.operator.reviseQuote(toRevise!.id);
    sim.operator.cancelQuote(toCancel!.id);
    const created = sim.operator.createQuote({ companyId: company.id, projectName: 'Offline catch-up' });
    sim.operator.issueQuote(created.id);
    rig.events.length = 0;

    await relay.start();
    // Nothing to do until the retry time; then sync catches up by itself.
    await engine.tick();
    expect(rig.ofType('quotes.stored')).toEqual([]);
    clock.advance(5_000);
    await engine.tick();
    expect(engine.state('internal')).toMatchObject({ phase: 'online', offlineSince: null });

    const reported = rig.ofType('quotes.stored');
    expect(reported.every((event) => event.source === 'sync' && !event.baseline)).toBe(true);
    const byQuote = new Map<string, string[]>();
    for (const event of reported) {
      for (const quote of event.quotes) byQuote.set(`${event.accountId}:${quote.quoteId}`, [...(byQuote.get(`${event.accountId}:${quote.quoteId}`) ?? []), ...quote.changes.map((change) => (change.kind === 'status' ? `status ${change.from}->${change.to}` : change.kind))]);
    }
    const expected = new Set([`internal:${toRevise!.id}`, `internal:${toCancel!.id}`, `internal:${created.id}`]);
    // The client key sees only its company's quotes, with client-facing statuses.
    for (const id of [toRevise!.id, toCancel!.id, created.id]) if (sim.operator.quote(id).companyId === company.id) expected.add(`client:${id}`);
    expect(new Set(byQuote.keys())).toEqual(expected);
    expect(byQuote.get(`internal:${toRevise!.id}`)).toEqual(expect.arrayContaining(['status SENT->REVISED', 'revised']));
    expect(byQuote.get(`internal:${toCancel!.id}`)).toEqual(expect.arrayContaining(['status SENT->CANCELLED']));
    expect(byQuote.get(`internal:${created.id}`)).toEqual(['new']);
    // Each change once, even though the revised quote was seen in the list and again in its details.
    for (const kinds of byQuote.values()) expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('reconcile (after sleep or a network change) syncs every account at once, whatever the retry times', async () => {
    await engine.tick();
    await relay.stop();
    clock.advance(60_000);
    await engine.tick();
    await engine.tick();
    expect(engine.state('internal').phase).toBe('offline');
    await relay.start();
    const states = await engine.reconcile();
    expect(states.map((state) => state.phase)).toEqual(['online', 'online']);
  });

  it('honours a long Retry-After: rate-limited until then, no requests before', async () => {
    sim.operator.addFault({ kind: 'error', status: 429, retryAfter: 600, match: { pathPrefix: '/api/public/v1/quotes' } });
    await engine.tick();
    expect(engine.state('internal')).toMatchObject({ phase: 'rate-limited', rateLimitedUntil: clock.now() + 600_000 });
    sim.operator.clearFaults();
    const count = listRequests().length;
    clock.advance(599_000);
    await engine.tick();
    expect(listRequests().length).toBe(count);
    clock.advance(1_000);
    await engine.tick();
    expect(engine.state('internal').phase).toBe('online');
  });

  it('refused credentials: needs new credentials, not retried until the account recovers', async () => {
    await engine.tick();
    sim.operator.revokeCredentials(sim.credentials.companies[0]!.id);
    clock.advance(60_000);
    await engine.tick();
    expect(engine.state('client')).toMatchObject({ phase: 'needs-credentials' });
    expect(rig.cache.inbox({ accountId: 'client', sort: 'newest', offset: 0, limit: 1, now: clock.now() }).total).toBeGreaterThan(0);
    const clientRequests = () => listRequests().filter((entry) => entry.credential !== 'admin').length;
    const count = clientRequests();
    clock.advance(10 * 60_000);
    await engine.tick();
    expect(clientRequests()).toBe(count);
    expect(engine.state('client').phase).toBe('needs-credentials');

    // New credentials: the account's status moves and sync catches up at once.
    const rotated = sim.operator.rotateCredentials(sim.credentials.companies[0]!.id);
    const renewed = testAccount('client', 'client', relay.baseUrl, { mechanism: 'api-key', apiKey: rotated.apiKey }, clock);
    await accounts[1]!.client.close();
    accounts[1] = renewed;
    rig.bus.publish('account.status', { accountId: 'client', status: 'ok', message: null });
    await vi.waitFor(() => expect(engine.state('client').phase).toBe('online'));
  });
});

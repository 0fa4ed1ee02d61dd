import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPdfCache, followAccountServices } from '../../../../main/core/cache';
import { createInboxHandlers } from '../../../../main/core/inbox/bridge';
import { createSyncHandlers } from '../../../../main/core/sync/bridge';
import type { InboxHandlers } from '../../../../main/core/inbox/bridge';
import type { SyncHandlers } from '../../../../main/core/sync/bridge';
import { createSilentLogger } from '../../../../main/core/log';
import { createSyncEngine } from '../../../../main/core/sync';
import type { SyncEngine } from '../../../../main/core/sync';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import { InboxQueryInput, inboxMethods } from '../../../../preload/contract/bridge/inbox';
import { syncMethods } from '../../../../preload/contract/bridge/sync';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createFakeClock } from '../../../helpers/fake-clock';
import { createMemorySettingsStore } from '../../../helpers/stores';
import type { FakeClock } from '../../../helpers/fake-clock';
import { accountsOf, startRelay, testAccount } from '../sync/helpers';
import type { Relay, TestAccount } from '../sync/helpers';

let sim: Simulator;
let relay: Relay;
let clock: FakeClock;
let rig: CacheRig;
let dir: string;
let engine: SyncEngine;
let accounts: TestAccount[];
let inbox: InboxHandlers;
let sync: SyncHandlers;
let stopPdfs: () => void;

beforeEach(async () => {
  sim = await startSimulator({ seed: 3, quotes: 80, clock: new ManualClock(), log: () => undefined });
  relay = await startRelay(sim.baseUrl);
  clock = createFakeClock(Date.UTC(2026, 0, 15, 9));
  dir = await mkdtemp(join(tmpdir(), 'qd-handlers-'));
  rig = cacheRig(join(dir, 'cache.db'), clock);
  accounts = [testAccount('internal', 'internal', relay.baseUrl, { mechanism: 'api-key', apiKey: sim.credentials.adminApiKey }, clock)];
  const service = accountsOf(accounts);
  // As the inbox feature does when it is made: the accounts' services are the cache's before it is read.
  await followAccountServices({ cache: rig.cache, accounts: service, bus: rig.bus, logger: createSilentLogger() }).known;
  const logger = createSilentLogger();
  engine = createSyncEngine({ accounts: service, bus: rig.bus, cache: rig.cache, clock, logger, every: () => () => undefined });
  engine.start();
  const pdfs = createPdfCache({ store: rig.store, cache: rig.cache, accounts: service, bus: rig.bus, clock, logger, folder: join(dir, 'pdfs') });
  stopPdfs = await pdfs.start();
  inbox = createInboxHandlers({ cache: rig.cache, sync: engine, pdfs, accounts: service, clock });
  sync = createSyncHandlers({ sync: engine, accounts: service, settings: createMemorySettingsStore(), pdfs, logger });
});
afterEach(async () => {
  stopPdfs();
  await engine.stop();
  for (const account of accounts) await account.client.close();
  await relay.close();
  await sim.close();
  rig.close();
  await rm(dir, { recursive: true, force: true });
});

/** Calls a handler the way the dispatcher will: input parsed, output checked against the contract. */
async function call<M extends keyof typeof inboxMethods>(method: M, input: unknown) {
  const parsed = inboxMethods[method].input.parse(input);
  const output = await (inbox[method] as (value: unknown) => Promise<unknown>)(parsed);
  return inboxMethods[method].output.parse(output) as Awaited<ReturnType<InboxHandlers[M]>>;
}

describe('the inbox use cases', () => {
  it('reads the project team users and the summary live, and shows nothing of them once the service is gone', async () => {
    await sync['sync.refresh']({});
    const quoteId = (await call('inbox.query', { needsAction: true })).rows[0]!.quoteId;
    const extras = await call('quotes.extras', { accountId: 'internal', quoteId });
    expect(extras.people.length).toBeGreaterThan(0);
    expect(extras.people.every((person) => person.name.length > 0)).toBe(true);
    expect(extras.summary).toMatchObject({ revision: expect.any(Number), lineItemCount: expect.any(Number) });

    await relay.close();
    await expect(call('quotes.extras', { accountId: 'internal', quoteId })).resolves.toEqual({ people: [], summary: null });
  });

  it('after one sync, with the service gone, every quote, its details and its PDF are still there', async () => {
    const states = syncMethods['sync.refresh'].output.parse(await sync['sync.refresh']({}));
    expect(states[0]).toMatchObject({ accountId: 'internal', phase: 'online', summary: 'Up to date' });

    const everything = await call('inbox.query', { limit: 200 });
    expect(everything.total).toBe(sim.operator.findQuotes().length);
    const actionable = await call('inbox.query', { needsAction: true });
    const quoteId = actionable.rows[0]!.quoteId;
    // Prefetched by the sync a moment ago: fresh enough to show without asking.
    await expect(call('quotes.detail', { accountId: 'internal', quoteId })).resolves.toMatchObject({ source: 'cache', notice: null });
    clock.advance(2 * 60_000);
    const online = await call('quotes.detail', { accountId: 'internal', quoteId });
    expect(online).toMatchObject({ source: 'service', notice: null, details: { id: quoteId } });
    const pdf = await call('pdfs.get', { accountId: 'internal', quoteId });
    expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');

    // PDFs of quotes needing action are fetched by themselves after the sync.
    await vi.waitFor(async () => {
      const window = await call('inbox.query', { needsAction: true, limit: 200 });
      expect(window.rows.every((row) => row.pdf === 'cached')).toBe(true);
    }, { timeout: 10_000, interval: 50 });

    await relay.stop();
    clock.advance(10 * 60_000);
    await sync['sync.refresh']({});
    const offline = await call('inbox.query', { limit: 200 });
    const withoutBadge = (rows: typeof offline.rows) => rows.map(({ pdf: _badge, ...row }) => row);
    expect(withoutBadge(offline.rows)).toEqual(withoutBadge(everything.rows));
    expect(offline.accounts[0]).toMatchObject({ phase: 'offline', lastSyncedAt: expect.any(Number), summary: expect.stringMatching(/Offline/) });
    const cached = await call('quotes.detail', { accountId: 'internal', quoteId });
    expect(cached).toMatchObject({ source: 'cache', details: online.details, notice: expect.stringMatching(/Offline/) });
    await expect(call('pdfs.get', { accountId: 'internal', quoteId })).resolves.toMatchObject({ path: pdf.path, fromCache: true });
  });

  it('searches and filters the cached inbox in client-facing words', async () => {
    await sync['sync.refresh']({ accountId: 'internal' });
    const [quote] = sim.operator.findQuotes({ status: 'SENT' });
    const number = sim.operator.quote(quote!.id).quoteNumber!;
    const found = await call('inbox.query', { search: number.toLowerCase(), stages: ['awaiting-decision'] });
    expect(found.rows.map((row) => row.quoteId)).toContain(quote!.id);
    expect(found.rows.every((row) => row.stage === 'awaiting-decision')).toBe(true);
    expect(() => InboxQueryInput.parse({ limit: 5000 })).toThrow();
  });

  it('reads rows and counts without reading the accounts: which service each is on is already the cache\'s', async () => {
    await sync['sync.refresh']({ accountId: 'internal' });
    const service = accountsOf(accounts);
    let reads = 0;
    const counting = { ...service, list: () => ((reads += 1), service.list()) };
    const pdfs = { get: () => Promise.reject(new Error('not used')), status: () => ({ cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false }) };
    inbox = createInboxHandlers({ cache: rig.cache, sync: engine, pdfs, accounts: counting, clock });
    const window = await call('inbox.query', { limit: 20 });
    expect(window.rows.length).toBeGreaterThan(0);
    expect(window.accounts.map((account) => account.accountId)).toEqual(['internal']);
    expect((await call('inbox.query', { accountId: 'internal', limit: 20 })).accounts.map((account) => account.accountId)).toEqual(['internal']);
    expect((await call('inbox.facets', {})).companies.length).toBeGreaterThan(0);
    expect(reads).toBe(0);
  });

  it('lists a quote a client key and the internal key both see once, and counts facets from the cache', async () => {
    // Not about PDFs: the prefetch after this sync would still be writing files at teardown.
    stopPdfs();
    stopPdfs = () => undefined;
    const company = sim.credentials.companies[0]!;
    const client = testAccount('client', 'client', relay.baseUrl, { mechanism: 'api-key', apiKey: company.apiKey }, clock);
    accounts.push(client);
    const both = accountsOf(accounts);
    rig.bus.publish('accounts.changed', { accounts: await both.list() });
    const logger = createSilentLogger();
    const twoKeys = createSyncEngine({ accounts: both, bus: rig.bus, cache: rig.cache, clock, logger, every: () => () => undefined });
    const pdfs = createPdfCache({ store: rig.store, cache: rig.cache, accounts: both, bus: rig.bus, clock, logger, folder: join(dir, 'pdfs-2') });
    inbox = createInboxHandlers({ cache: rig.cache, sync: twoKeys, pdfs, accounts: both, clock });
    await twoKeys.refresh();
    try {
      const all = await call('inbox.query', { limit: 200 });
      expect(all.total).toBe(sim.operator.findQuotes().length);
      const companyQuotes = all.rows.filter((row) => row.accounts.some((view) => view.accountId === 'client'));
      expect(companyQuotes.length).toBe(sim.operator.findQuotes({ companyId: company.id }).length);
      expect(companyQuotes.every((row) => row.accounts.map((view) => view.accountId).sort().join() === 'client,internal')).toBe(true);
      // Counts count quotes: needing action across accounts is the union, not the sum.
      const waitingIds = async (accountId?: string) => (await call('inbox.query', { accountId, needsAction: true, limit: 200 })).rows.map((row) => row.quoteId);
      const union = new Set([...(await waitingIds('client')), ...(await waitingIds('internal'))]);
      expect((await waitingIds()).sort()).toEqual([...union].sort());

      const facets = await call('inbox.facets', {});
      expect(facets.total).toBe(all.total);
      expect(facets.companies.find((facet) => facet.value === companyQuotes[0]!.companyName)?.count).toBe(all.rows.filter((row) => row.companyName === companyQuotes[0]!.companyName).length);
      // Service types come from the details the sync prefetched (those of quotes needing action).
      expect(facets.serviceTypes.length).toBeGreaterThan(0);
      const [serviceType] = facets.serviceTypes;
      const filtered = await call('inbox.query', { serviceTypes: [serviceType!.value], limit: 200 });
      expect(filtered.total).toBe(serviceType!.count);
    } finally {
      await twoKeys.stop();
    }
  });

  it('answers the reading pane from the cache at once, however old the copy, without asking the service', async () => {
    await sync['sync.refresh']({});
    const quoteId = (await call('inbox.query', { needsAction: true })).rows[0]!.quoteId;
    clock.advance(10 * 60_000);
    const asked = vi.spyOn(engine, 'fetchDetails');
    const atOnce = await call('quotes.detail', { accountId: 'internal', quoteId, cached: true });
    expect(atOnce).toMatchObject({ source: 'cache', notice: null, details: { id: quoteId } });
    expect(asked).not.toHaveBeenCalled();
    // Without `cached`, the same stale copy is read again from the service.
    await expect(call('quotes.detail', { accountId: 'internal', quoteId })).resolves.toMatchObject({ source: 'service' });
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('answers the reading pane\'s cached look while the service holds the reads ahead and the person\'s own read', async () => {
    await sync['sync.refresh']({});
    const rows = (await call('inbox.query', { needsAction: true, limit: 4 })).rows;
    expect(rows).toHaveLength(4);
    clock.advance(10 * 60_000);
    // The service answers none of them: every read of it hangs.
    const asked = vi.spyOn(engine, 'fetchDetails').mockImplementation(() => new Promise(() => undefined));
    await call('quotes.readAhead', { quotes: rows.slice(1, 3).map(({ accountId, quoteId }) => ({ accountId, quoteId })) });
    void call('quotes.detail', { accountId: 'internal', quoteId: rows[3]!.quoteId });
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());
    // The next move: answered from the cache, waiting on none of them.
    const shown = await call('quotes.detail', { accountId: 'internal', quoteId: rows[0]!.quoteId, cached: true });
    expect(shown).toMatchObject({ source: 'cache', details: { id: rows[0]!.quoteId } });
    asked.mockRestore();
  });

  it('the background read of a quote revised meanwhile stores it and announces its new version', async () => {
    await sync['sync.refresh']({});
    const [quote] = sim.operator.findQuotes({ status: 'SENT' });
    const shown = await call('quotes.detail', { accountId: 'internal', quoteId: quote!.id, cached: true });
    sim.operator.reviseQuote(quote!.id);
    clock.advance(2 * 60_000);
    const stored: { quoteId: string; version: string | null | undefined }[] = [];
    const stop = rig.bus.subscribe('quotes.stored', (event) => stored.push(...event.quotes.map(({ quoteId, version }) => ({ quoteId, version }))));
    try {
      const refreshed = await call('quotes.detail', { accountId: 'internal', quoteId: quote!.id });
      expect(refreshed.version).not.toBe(shown.version);
      // What the open pane hears ('inbox.changed' carries it): the quote, with the version it now shows.
      expect(stored).toContainEqual({ quoteId: quote!.id, version: refreshed.version });
    } finally {
      stop();
    }
  });

  it('an unknown account is a clear error', async () => {
    await expect(call('quotes.detail', { accountId: 'nope', quoteId: 'x' })).rejects.toMatchObject({ code: 'account-not-found' });
    await expect(sync['sync.refresh']({ accountId: 'nope' })).rejects.toMatchObject({ code: 'account-not-found' });
  });
});

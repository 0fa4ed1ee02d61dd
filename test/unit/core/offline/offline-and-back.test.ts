// The "Done when" of the offline issue, through the bridge dispatcher of a core composed as
// the web host composes it: after one sync, the embedded service stopped, every quote of
// every account is still found, with its cached details and PDF; the service restarted on
// the same port, sync catches up and reports exactly what the operator changed meanwhile.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import type { DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import type { AccountSyncState, CachedPdfView, InboxWindow, QuoteDetailView } from '../../../../preload/contract/bridge';
import type { AccountView } from '../../../../preload/contract';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

const SEED = 11;
const QUOTES = 40;
// Both runs of the service start from the same moment, so the same seed gives the same world.
const service = (port = 0) => startSimulator({ port, seed: SEED, quotes: QUOTES, clock: new ManualClock(), log: () => undefined });

let sim: Simulator;
let core: Core;
let dataFolder: string;
let hubEvents: BridgeEvent[];
let stored: DomainEvents['quotes.stored'][];

beforeEach(async () => {
  sim = await service();
  dataFolder = mkdtempSync(join(tmpdir(), 'qd-offline-'));
  core = createCore({
    settings: createMemorySettingsStore(),
    secrets: createMemorySecretStore(),
    clock: systemClock,
    logger: createSilentLogger(),
    host: 'web',
    version: '0.1.0',
    paths: { userData: dataFolder },
    // Passes only when the test (or an account event) asks: no timer races the assertions.
    sync: { intervalMs: 60 * 60_000, tickMs: 60 * 60_000 },
  });
  hubEvents = [];
  stored = [];
  core.hub.subscribe((event) => hubEvents.push(event));
  core.bus.subscribe('quotes.stored', (event) => stored.push(event));
  await core.ready;
});
afterEach(async () => {
  await core.close();
  await sim.close();
  rmSync(dataFolder, { recursive: true, force: true });
});

async function call<T>(method: string, input?: unknown): Promise<T> {
  const result = await core.dispatcher.dispatch(method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const everything = (accountId?: string) => call<InboxWindow>('inbox.query', { accountId, limit: 200 });
/** Each account's view of each quote listed (a quote both keys see is one row naming both accounts). */
const keysOf = (window: InboxWindow) => window.rows.flatMap((row) => row.accounts.map((view) => `${view.accountId}:${row.quoteId}`)).sort();

describe('offline and back, through the bridge', () => {
  it('serves every quote, its details and its PDF with the service stopped, then reports exactly what changed while it was away', async () => {
    const company = sim.credentials.companies[0]!;
    const internal = await call<AccountView>('accounts.add', {
      name: 'Everything (internal)',
      environment: 'custom',
      baseUrl: sim.baseUrl,
      access: 'internal',
      credentials: { mechanism: 'api-key', apiKey: sim.credentials.adminApiKey },
    });
    const client = await call<AccountView>('accounts.add', {
      name: company.name,
      environment: 'custom',
      baseUrl: sim.baseUrl,
      access: 'client',
      credentials: { mechanism: 'client-credentials', clientId: company.clientId, clientSecret: company.clientSecret },
    });
    const states = await call<AccountSyncState[]>('sync.refresh', {});
    expect(states.map((state) => state.phase)).toEqual(['online', 'online']);

    // What the service holds, per account, as the cache should hold it.
    const expected = [
      ...sim.operator.findQuotes().map((quote) => `${internal.id}:${quote.id}`),
      ...sim.operator.findQuotes({ companyId: company.id }).map((quote) => `${client.id}:${quote.id}`),
    ].sort();
    const online = await everything();
    expect(keysOf(online)).toEqual(expected);
    expect(online.total).toBe(sim.operator.findQuotes().length);

    // A quote needing action: its details were prefetched by sync; its PDF is opened once online.
    const needing = (await call<InboxWindow>('inbox.query', { accountId: internal.id, needsAction: true, limit: 200 })).rows;
    expect(needing.length).toBeGreaterThan(0);
    const opened = needing[0]!;
    const pdfOnline = await call<CachedPdfView>('pdfs.get', { accountId: internal.id, quoteId: opened.quoteId });
    expect(pdfOnline.fromCache).toBe(false);
    const pdfBytes = readFileSync(pdfOnline.path);

    const port = Number(new URL(sim.baseUrl).port);
    await sim.close();

    // Offline: the same quotes, found by the same searches, with their details and PDF.
    const offlineStates = await call<AccountSyncState[]>('sync.refresh', {});
    expect(offlineStates.map((state) => state.phase)).toEqual(['offline', 'offline']);
    const offline = await everything();
    expect(keysOf(offline)).toEqual(expected);
    expect(offline.accounts.map((state) => state.phase)).toEqual(['offline', 'offline']);
    for (const row of offline.rows.filter((candidate) => candidate.quoteNumber !== null).slice(0, 5)) {
      const found = await call<InboxWindow>('inbox.query', { accountId: row.accountId, search: row.quoteNumber!, limit: 200 });
      expect(found.rows.map((hit) => hit.quoteId)).toContain(row.quoteId);
    }
    for (const row of needing) {
      const detail = await call<QuoteDetailView>('quotes.detail', { accountId: internal.id, quoteId: row.quoteId });
      expect(detail).toMatchObject({ source: 'cache', quoteId: row.quoteId });
      expect(detail.details?.id).toBe(row.quoteId);
    }
    const pdfOffline = await call<CachedPdfView>('pdfs.get', { accountId: internal.id, quoteId: opened.quoteId });
    expect(pdfOffline).toMatchObject({ fromCache: true, path: pdfOnline.path });
    expect(readFileSync(pdfOffline.path).equals(pdfBytes)).toBe(true);

    // Back on the same port, where the operator changed two quotes meanwhile.
    stored.length = 0;
    hubEvents.length = 0;
    sim = await service(port);
    const [toRevise, toCancel] = sim.operator.findQuotes({ status: 'SENT' });
    sim.operator.reviseQuote(toRevise!.id);
    sim.operator.cancelQuote(toCancel!.id);
    // A restarted embedded service mints new credentials (a real one keeps them): enter them again.
    const fresh = sim.credentials.companies[0]!;
    await call('accounts.update', { id: internal.id, credentials: { mechanism: 'api-key', apiKey: sim.credentials.adminApiKey } });
    await call('accounts.update', { id: client.id, credentials: { mechanism: 'client-credentials', clientId: fresh.clientId, clientSecret: fresh.clientSecret } });

    const back = await call<AccountSyncState[]>('sync.refresh', {});
    expect(back.map((state) => state.phase)).toEqual(['online', 'online']);

    const reported = new Map<string, string[]>();
    for (const event of stored) {
      expect(event).toMatchObject({ source: 'sync', baseline: false });
      for (const quote of event.quotes) {
        const key = `${event.accountId}:${quote.quoteId}`;
        reported.set(key, [...(reported.get(key) ?? []), ...quote.changes.map((change) => (change.kind === 'status' ? `status ${change.from}->${change.to}` : change.kind))]);
      }
    }
    const changed = new Set([`${internal.id}:${toRevise!.id}`, `${internal.id}:${toCancel!.id}`]);
    for (const quote of [toRevise!, toCancel!]) if (quote.companyId === company.id) changed.add(`${client.id}:${quote.id}`);
    expect(new Set(reported.keys())).toEqual(changed);
    expect(reported.get(`${internal.id}:${toRevise!.id}`)).toEqual(expect.arrayContaining(['status SENT->REVISED']));
    expect(reported.get(`${internal.id}:${toCancel!.id}`)).toEqual(expect.arrayContaining(['status SENT->CANCELLED']));
    for (const kinds of reported.values()) expect(new Set(kinds).size).toBe(kinds.length);

    // The renderer hears of it: the inbox changed for the account, and its sync state moved.
    await expect.poll(() => hubEvents.some((event) => event.name === 'inbox.changed' && event.payload.accountIds.includes(internal.id))).toBe(true);
    expect(hubEvents.some((event) => event.name === 'sync.changed' && event.payload.accountId === internal.id && event.payload.phase === 'online')).toBe(true);
    const after = await everything(internal.id);
    expect(after.rows.find((row) => row.quoteId === toCancel!.id)?.status).toBe('CANCELLED');
  });
});

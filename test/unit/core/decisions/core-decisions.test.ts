// Decisions composed in the core, over the bridge's dispatcher: the quote's detail carries
// what a decision needs, a decision's re-read lands in the offline cache at once, the receipt
// is kept in the data folder, and a damaged receipts file is reported.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import { UNDO_SECONDS_KEY } from '../../../../main/core/decisions/bridge';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { AccountView, AppInfo, InboxWindow } from '../../../../preload/contract';
import type { DecisionReceipt, DecisionResult } from '../../../../preload/contract/bridge/decisions';
import type { QuoteDetailView } from '../../../../preload/contract/bridge/inbox';
import type { InboxChange } from '../../../../preload/contract/bridge/sync';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function call<T>(core: Core, method: string, input?: unknown): Promise<T> {
  const result = await core.dispatcher.dispatch(method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function setup() {
  const userData = mkdtempSync(join(tmpdir(), 'qd-core-decisions-'));
  cleanups.push(() => rmSync(userData, { recursive: true, force: true }));
  const sim = await startSimulator({ seed: 5, quotes: 20, clock: new ManualClock(), log: () => undefined });
  cleanups.push(() => sim.close());
  const company = sim.credentials.companies[0]!;
  const open = () => {
    const core = createCore({
      settings: createMemorySettingsStore({ [UNDO_SECONDS_KEY]: 0 }),
      secrets: createMemorySecretStore(),
      clock: systemClock,
      logger: createSilentLogger(),
      host: 'web',
      version: '0.1.0',
      paths: { userData },
      // No periodic pass: whatever the cache learns here, a decision told it.
      sync: { tickMs: 60 * 60_000 },
    });
    cleanups.push(() => core.close());
    return core;
  };
  const core = open();
  await core.ready;
  const account = await call<AccountView>(core, 'accounts.add', {
    name: 'Client',
    environment: 'custom',
    baseUrl: sim.baseUrl,
    access: 'client',
    credentials: { mechanism: 'api-key', apiKey: company.apiKey },
  });
  const created = sim.operator.createQuote({ companyId: company.id, projectName: 'Decided in the core' });
  sim.operator.issueQuote(created.id);
  await call(core, 'sync.refresh', { accountId: account.id });
  return { sim, core, account, quoteId: created.id, userData, open };
}

describe('decisions in the composed core', () => {
  it('decides on the version quotes.detail gave, and the cache holds the decided quote without a sync', async () => {
    const { core, account, quoteId, userData } = await setup();
    const ref = { accountId: account.id, quoteId };
    const detail = await call<QuoteDetailView>(core, 'quotes.detail', ref);
    expect(detail).toMatchObject({ access: 'client', version: expect.stringMatching(/^[0-9a-f]{16}$/), cachedAt: expect.any(String), diff: null });
    expect(Date.parse(detail.cachedAt!)).not.toBeNaN();

    const result = await call<DecisionResult>(core, 'decisions.accept', { ...ref, version: detail.version });
    expect(result.outcome).toBe('done');

    const after = await call<QuoteDetailView>(core, 'quotes.detail', ref);
    expect(['ACCEPTED', 'CHANGED_TO_PROJECT']).toContain(after.details?.status);
    const row = (await call<InboxWindow>(core, 'inbox.query', { accountId: account.id, limit: 200 })).rows.find((candidate) => candidate.quoteId === quoteId);
    expect(['accepted', 'in-project']).toContain(row?.stage);

    const receipts = await call<DecisionReceipt[]>(core, 'decisions.receipts', ref);
    expect(receipts).toMatchObject([{ decision: 'accept', outcome: 'done', version: detail.version, accountName: 'Client' }]);
    const onDisk = JSON.parse(readFileSync(join(userData, 'decision-receipts.json'), 'utf8')) as { receipts: { id: string }[] };
    expect(onDisk.receipts.map((receipt) => receipt.id)).toEqual([receipts[0]!.id]);
  });

  it("echoes the decision in inbox.changed with the version its answer's view carries, so the quote view reads nothing again", async () => {
    const { core, account, quoteId } = await setup();
    const ref = { accountId: account.id, quoteId };
    const detail = await call<QuoteDetailView>(core, 'quotes.detail', ref);
    const heard: InboxChange[] = [];
    core.hub.subscribe((event) => {
      if (event.name === 'inbox.changed') heard.push(event.payload);
    });

    const result = await call<DecisionResult>(core, 'decisions.accept', { ...ref, version: detail.version });
    expect(result.outcome).toBe('done');
    expect(result.view?.version).toEqual(expect.any(String));
    expect(result.view?.version).not.toBe(detail.version);
    // The cache's echo names the quote with the version the answer shows (at once, or after the quiet time of a change just before).
    const named = () => heard.flatMap((change) => change.quotes ?? []).filter((quote) => quote.quoteId === quoteId);
    await expect.poll(() => named().at(-1)).toEqual({ accountId: account.id, quoteId, version: result.view?.version });
    expect(heard.map((change) => change.cacheVersion)).toEqual([...heard.map((change) => change.cacheVersion)].sort((a, b) => a - b));
  });

  it('counts every saved view in one views.counts call, each as inbox.query totals it', async () => {
    const { core, account } = await setup();
    const selections = [{}, { accountId: account.id, needsAction: true }, { search: 'Decided in the core' }, { stages: ['accepted' as const] }, { accountId: 'gone' }];
    const { counts } = await call<{ counts: number[] }>(core, 'views.counts', { selections });
    const totals: number[] = [];
    for (const selection of selections) totals.push((await call<InboxWindow>(core, 'inbox.query', { ...selection, limit: 1 })).total);
    expect(counts).toEqual(totals);
    expect(counts[2]).toBe(1);
  });

  it('sends nothing when the quote changed since the version shown, and a refreshed detail shows the diff', async () => {
    const { sim, core, account, quoteId } = await setup();
    const ref = { accountId: account.id, quoteId };
    const shown = await call<QuoteDetailView>(core, 'quotes.detail', ref);
    sim.operator.reviseQuote(quoteId);

    const cached = await call<QuoteDetailView>(core, 'quotes.detail', ref);
    expect(cached.version).toBe(shown.version);
    const refreshed = await call<QuoteDetailView>(core, 'quotes.detail', { ...ref, refresh: true });
    expect(refreshed.version).not.toBe(shown.version);
    expect(refreshed.revisions).toHaveLength(2);
    expect(refreshed.diff?.changed).toBe(true);

    const result = await call<DecisionResult>(core, 'decisions.decline', { ...ref, version: shown.version, reason: 'Too late' });
    expect(result.outcome).toBe('changed');
    expect(sim.operator.quote(quoteId).status).toBe('REVISED');
  });

  it('reports a damaged receipts file in app.info and keeps it', async () => {
    const { userData, open } = await setup();
    writeFileSync(join(userData, 'decision-receipts.json'), '{ not json');
    const core = open();
    const info = await call<AppInfo>(core, 'app.info');
    expect(info.dataProblems).toContainEqual(expect.objectContaining({ file: 'receipts', path: join(userData, 'decision-receipts.json') }));
  });
});

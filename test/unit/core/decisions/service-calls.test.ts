// What a decision costs the Quoting Service, counted by the embedded service's request log:
// the core sends the POST, stores the quote the answer carries (or reads it once when the
// answer, as the spec words it, carries only {id, status, message}), and hands the stored
// view back, so the quote view shows it without asking again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import { UNDO_SECONDS_KEY } from '../../../../main/core/decisions/bridge';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { AccountView } from '../../../../preload/contract';
import type { DecisionResult } from '../../../../preload/contract/bridge/decisions';
import type { QuoteDetailView } from '../../../../preload/contract/bridge/inbox';
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
  const userData = mkdtempSync(join(tmpdir(), 'qd-decision-calls-'));
  cleanups.push(() => rmSync(userData, { recursive: true, force: true }));
  const sim = await startSimulator({ seed: 7, quotes: 20, clock: new ManualClock(), log: () => undefined });
  cleanups.push(() => sim.close());
  const company = sim.credentials.companies[0]!;
  const core: Core = createCore({
    settings: createMemorySettingsStore({ [UNDO_SECONDS_KEY]: 0 }),
    secrets: createMemorySecretStore(),
    clock: systemClock,
    logger: createSilentLogger(),
    host: 'web',
    version: '0.1.0',
    paths: { userData },
    sync: { tickMs: 60 * 60_000 },
  });
  cleanups.push(() => core.close());
  await core.ready;
  const account = await call<AccountView>(core, 'accounts.add', {
    name: 'Client',
    environment: 'custom',
    baseUrl: sim.baseUrl,
    access: 'client',
    credentials: { mechanism: 'api-key', apiKey: company.apiKey },
  });
  const quoteIds = [0, 1].map(() => {
    const created = sim.operator.createQuote({ companyId: company.id, projectName: 'Counted' });
    sim.operator.issueQuote(created.id);
    return created.id;
  });
  await call(core, 'sync.refresh', { accountId: account.id });
  return { sim, core, account, quoteIds };
}

/**
 * The public requests made while `action` ran, as "METHOD path-tail". The PDF prefetches the
 * sync pass started run alongside in the background: they are not the decision's.
 */
async function requestsDuring(sim: Awaited<ReturnType<typeof setup>>['sim'], action: () => Promise<unknown>): Promise<string[]> {
  const before = sim.operator.requests().length;
  await action();
  return sim.operator
    .requests()
    .slice(before)
    .filter((entry) => !entry.path.endsWith('/pdf') && !entry.path.startsWith('/files/'))
    .map((entry) => `${entry.method} ${entry.path.replace(/^\/api\/public\/v1\/quotes\/[^/]+/, '/quote')}`);
}

/** What the quote view does around a decision: the decision, then whatever it shows from the answer. */
async function decideAsTheViewDoes(core: Core, input: Record<string, unknown>, method: string): Promise<DecisionResult & { view?: QuoteDetailView | null }> {
  const result = await call<DecisionResult & { view?: QuoteDetailView | null }>(core, method, input);
  // Without a view in the answer, the quote view reads the quote again (quotes.detail, its extras).
  if (!result.view) {
    await call(core, 'quotes.detail', { accountId: input.accountId, quoteId: input.quoteId });
    await call(core, 'quotes.extras', { accountId: input.accountId, quoteId: input.quoteId });
  }
  return result;
}

describe('service calls of a decision', () => {
  it('an accept costs the POST and one read when the answer carries only {id, status, message}', async () => {
    const { sim, core, account, quoteIds } = await setup();
    const ref = { accountId: account.id, quoteId: quoteIds[0]! };
    const shown = await call<QuoteDetailView>(core, 'quotes.detail', ref);
    let result: (DecisionResult & { view?: QuoteDetailView | null }) | undefined;
    const calls = await requestsDuring(sim, async () => (result = await decideAsTheViewDoes(core, { ...ref, version: shown.version }, 'decisions.accept')));
    expect(calls).toEqual(['POST /quote/accept', 'GET /quote']);
    // What the view shows comes with the answer: the decided quote as the cache now holds it, a new version.
    expect(result?.view).toMatchObject({ quoteId: ref.quoteId, details: { status: 'CHANGED_TO_PROJECT' }, revisions: [{ revision: 1 }, { revision: 2 }] });
    expect(result?.view?.version).not.toBe(shown.version);
  });

  it('a decline costs the POST and one read', async () => {
    const { sim, core, account, quoteIds } = await setup();
    const ref = { accountId: account.id, quoteId: quoteIds[1]! };
    const shown = await call<QuoteDetailView>(core, 'quotes.detail', ref);
    const calls = await requestsDuring(sim, () => decideAsTheViewDoes(core, { ...ref, version: shown.version, reason: 'Budget' }, 'decisions.decline'));
    expect(calls).toEqual(['POST /quote/decline', 'GET /quote']);
  });
});

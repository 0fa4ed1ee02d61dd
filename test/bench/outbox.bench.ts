// The outbox's two timings of issue #27, through the real core (createCore, its dispatcher and
// its outbox on disk) against the embedded service on loopback: how late a decision leaves
// after its undo window (set to 1 s) ends, from the window's end to its POST about to go out
// (the re-read of the quote before it included), and how soon a decision waiting for a failing
// service is sent once the service answers again (the fault removed, to the service's answer).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../main/core/core';
import type { Core } from '../../main/core/core';
import { UNDO_SECONDS_KEY } from '../../main/core/decisions/bridge';
import { createSilentLogger } from '../../main/core/log';
import { systemClock } from '../../main/core/ports';
import { ManualClock, startSimulator } from '../../main/simulator';
import type { Simulator } from '../../main/simulator';
import type { AccountView } from '../../preload/contract';
import type { DecisionResult, SentDecision } from '../../preload/contract/bridge/decisions';
import type { QuoteDetailView } from '../../preload/contract/bridge/inbox';
import { createMemorySecretStore, createMemorySettingsStore } from '../helpers/stores';
import { quantile, round, spreadOf } from './harness/stats';
import { defineBenchmark } from './harness/types';
import type { BenchContext } from './harness/types';

const UNDO_SECONDS = 1;
/** A round that takes longer than this is a failure of the outbox, not a slow sample: the benchmark stops. */
const ROUND_LIMIT_MS = 30_000;

async function call<T>(core: Core, method: string, input?: unknown): Promise<T> {
  const result = await core.dispatcher.dispatch(method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

interface Bench {
  sim: Simulator;
  core: Core;
  settings: ReturnType<typeof createMemorySettingsStore>;
  /** Quotes awaiting the client's decision, with the version shown, one per decision to time. */
  quotes: { accountId: string; quoteId: string; version: string }[];
  /** Resolves with the decision's end (its answer, or held) the next time the outbox says one ended. */
  nextSent(entryId: string): Promise<SentDecision>;
  /** When the POST of a quote's decision was about to go out (after its re-read), by quote id. */
  decidingAt: Map<string, number>;
  close(): Promise<void>;
}

async function setUp(quotes: number): Promise<Bench> {
  const userData = mkdtempSync(join(tmpdir(), 'qd-bench-outbox-'));
  const sim = await startSimulator({ seed: 27, quotes: 20, clock: new ManualClock(), log: () => undefined });
  const company = sim.credentials.companies[0]!;
  const settings = createMemorySettingsStore({ [UNDO_SECONDS_KEY]: UNDO_SECONDS });
  const core = createCore({
    settings, secrets: createMemorySecretStore(), clock: systemClock, logger: createSilentLogger(), host: 'web', version: '0.1.0', paths: { userData }, sync: { tickMs: 60 * 60_000 },
  });
  const waiters = new Map<string, (sent: SentDecision) => void>();
  const decidingAt = new Map<string, number>();
  core.hub.subscribe((event) => {
    if (event.name === 'decisions.sent') waiters.get(event.payload.entryId)?.(event.payload);
  });
  core.bus.subscribe('quote.deciding', ({ quoteId }) => decidingAt.set(quoteId, Date.now()));
  await core.ready;
  const account = await call<AccountView>(core, 'accounts.add', { name: 'Client', environment: 'custom', baseUrl: sim.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: company.apiKey } });
  const ids = Array.from({ length: quotes }, (_, n) => {
    const created = sim.operator.createQuote({ companyId: company.id, projectName: `Outbox bench ${n + 1}` });
    sim.operator.issueQuote(created.id);
    return created.id;
  });
  await call(core, 'sync.refresh', { accountId: account.id });
  const refs = [];
  for (const quoteId of ids) {
    const detail = await call<QuoteDetailView>(core, 'quotes.detail', { accountId: account.id, quoteId });
    refs.push({ accountId: account.id, quoteId, version: detail.version! });
  }
  return {
    sim,
    core,
    settings,
    quotes: refs,
    decidingAt,
    nextSent: (entryId) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the decision ${entryId} did not end within ${ROUND_LIMIT_MS / 1000} s`)), ROUND_LIMIT_MS);
        waiters.set(entryId, (sent) => {
          clearTimeout(timer);
          waiters.delete(entryId);
          resolve(sent);
        });
      }),
    async close() {
      await core.close();
      await sim.close();
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

function waitingEntry(result: DecisionResult) {
  if (result.outcome !== 'waiting') throw new Error(`the decision was not kept in the outbox: ${result.outcome} (${result.message})`);
  return result.entry;
}

/**
 * Undo window of 1 s: from the end of the window (the entry's sendAt) to the POST about to go
 * out. The first decision is unmeasured: right after the first sync it shares the client with
 * the PDFs being kept offline (its figure is in the details). The baseline, on the same event
 * loop at the same moments: a bare timer armed when the decision is confirmed, due when its
 * window ends, and how late it fires: the share of the lateness that is the machine's, not the outbox's.
 */
async function undoLateness(bench: Bench, quotes: Bench['quotes'], ctx: BenchContext): Promise<{ lateness: number[]; bareTimer: number[] }> {
  bench.settings.set(UNDO_SECONDS_KEY, UNDO_SECONDS);
  const lateness: number[] = [];
  const bareTimer: number[] = [];
  let longest = 0;
  for (const quote of quotes) {
    if (lateness.length > 0 && ctx.timeLeft() < longest * 2 + 5_000) break;
    const started = Date.now();
    const entry = waitingEntry(await call<DecisionResult>(bench.core, 'decisions.accept', quote));
    const bare = new Promise<number>((resolve) => setTimeout(() => resolve(Date.now() - entry.sendAt), Math.max(0, entry.sendAt - Date.now())));
    const sent = await bench.nextSent(entry.id);
    if (sent.result.outcome !== 'done') throw new Error(`the decision ended ${sent.result.outcome}: ${sent.result.message}`);
    lateness.push(bench.decidingAt.get(quote.quoteId)! - entry.sendAt);
    bareTimer.push(await bare);
    longest = Math.max(longest, Date.now() - started);
  }
  return { lateness, bareTimer };
}

/** No undo window, the service failing: from the fault's removal to the service's answer to the waiting decision. */
async function sentAfterReachable(bench: Bench, quotes: Bench['quotes'], ctx: BenchContext): Promise<number[]> {
  bench.settings.set(UNDO_SECONDS_KEY, 0);
  const delays: number[] = [];
  let longest = 0;
  for (const quote of quotes) {
    if (delays.length > 0 && ctx.timeLeft() < longest * 2 + 5_000) break;
    const started = Date.now();
    const fault = bench.sim.operator.addFault({ kind: 'error', status: 503, match: { method: 'POST', pathPrefix: '/api/public/v1/quotes' } });
    const entry = waitingEntry(await call<DecisionResult>(bench.core, 'decisions.accept', quote));
    const sent = bench.nextSent(entry.id);
    // The service comes back at a moment unrelated to the outbox's retry timer.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 2_000));
    const back = Date.now();
    bench.sim.operator.removeFault(fault);
    const ended = await sent;
    if (ended.result.outcome !== 'done') throw new Error(`the waiting decision ended ${ended.result.outcome}: ${ended.result.message}`);
    delays.push(Date.now() - back);
    longest = Math.max(longest, Date.now() - started);
  }
  return delays;
}

function p95Figure(id: string, label: string, samples: number[], targetMs: number, details: Record<string, string | number>) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    id,
    label,
    unit: 'ms' as const,
    value: round(quantile(sorted, 0.95), 1),
    spread: spreadOf(samples),
    rounds: samples.length,
    target: { op: '<=' as const, value: targetMs },
    details: { p50Ms: round(quantile(sorted, 0.5), 1), maxMs: round(sorted.at(-1) ?? 0, 1), ...details },
  };
}

export default defineBenchmark({
  name: 'outbox',
  title: 'Decision outbox: the undo window kept to its setting, a waiting decision sent once the service answers',
  budgetMs: { full: 240_000, quick: 60_000 },
  async run(ctx) {
    const undoCount = ctx.quick ? 3 : 30;
    const waitingCount = ctx.quick ? 2 : 20;
    const bench = await setUp(1 + undoCount + waitingCount);
    try {
      const [firstAfterSync = 0] = (await undoLateness(bench, bench.quotes.slice(0, 1), ctx)).lateness;
      const { lateness, bareTimer } = await undoLateness(bench, bench.quotes.slice(1, undoCount + 1), ctx);
      const bareSorted = [...bareTimer].sort((a, b) => a - b);
      const delays = await sentAfterReachable(bench, bench.quotes.slice(undoCount + 1), ctx);
      return [
        p95Figure('outbox.undo-lateness', `Undo window of ${UNDO_SECONDS} s: its end to the POST going out (re-read included), p95`, lateness, 100, { windowMs: UNDO_SECONDS * 1000, decisions: lateness.length, firstAfterSyncMs: round(firstAfterSync, 1), bareTimerP50Ms: round(quantile(bareSorted, 0.5), 1), bareTimerP95Ms: round(quantile(bareSorted, 0.95), 1) }),
        p95Figure('outbox.sent-after-reachable', 'Waiting decision: the service answering again to its answer, p95', delays, 5_000, { retryEveryMs: 2_000, decisions: delays.length }),
      ];
    } finally {
      await bench.close();
    }
  },
});

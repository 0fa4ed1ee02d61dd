// Keeping PDFs offline at scale: PDFs a second against the embedded service, the width fixed
// at two (as before) against the width set by the service's answers, in the same run, each
// on a cold cache folder. The service answers every file after 150 ms (a transfer over a real
// network) and one file request in 50 with 429 and Retry-After: 1 (its rate limit), so the
// adaptive width has something to widen for and something to back off from.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent, createQuotingClient } from '../../main/core/api';
import { createPdfCache, createQuoteCache } from '../../main/core/cache';
import type { QuoteToKeep } from '../../main/core/cache';
import { createAdaptiveLimit } from '../../main/core/cache/adaptive-limit';
import { openSqliteStore } from '../../main/core/database';
import { createEventBus } from '../../main/core/events';
import type { DomainEvents } from '../../main/core/events';
import { createSilentLogger } from '../../main/core/log';
import { systemClock } from '../../main/core/ports';
import { startSimulator } from '../../main/simulator';
import { PDF_ROUTE_PREFIX } from '../../main/simulator/pdf';
import { round } from './harness/stats';
import type { Figure } from './harness/types';
import { defineBenchmark } from './harness/types';

const ACCOUNT = 'bench';
const FILE_LATENCY_MS = 150;
const BUSY_SHARE = 0.02;

export default defineBenchmark({
  name: 'keep-offline',
  title: 'Keeping PDFs offline: PDFs a second, width fixed at two against adaptive, same service',
  budgetMs: { full: 180_000, quick: 60_000 },
  async run(ctx) {
    const quotes = ctx.quick ? 60 : 300;
    const simulator = await startSimulator({ quotes, log: () => undefined });
    simulator.operator.addFault({ kind: 'latency', latencyMs: FILE_LATENCY_MS, match: { pathPrefix: PDF_ROUTE_PREFIX } });
    simulator.operator.addFault({ kind: 'error', status: 429, retryAfter: 1, rate: BUSY_SHARE, match: { pathPrefix: PDF_ROUTE_PREFIX } });
    const logger = createSilentLogger();
    // One pool, as an account has: the bound of the adaptive width is half of it.
    const agent = createAgent();
    const client = createQuotingClient({ baseUrl: simulator.baseUrl, credentials: { mechanism: 'api-key', apiKey: simulator.credentials.adminApiKey }, clock: systemClock, dispatcher: agent });
    const dir = await mkdtemp(join(tmpdir(), 'quotedesk-bench-keep-offline-'));
    try {
      const ids: string[] = [];
      for (let page = 1; ids.length < quotes; page++) {
        const { data } = await client.quotes.list({ page, limit: 100 });
        if (data.length === 0) break;
        ids.push(...data.map((quote) => quote.id));
      }
      const toKeep: QuoteToKeep[] = ids.map((quoteId) => ({ accountId: ACCOUNT, quoteId, label: quoteId }));

      async function keepAll(name: string, adaptive: boolean) {
        const store = openSqliteStore({ path: ':memory:', clock: systemClock, logger });
        const bus = createEventBus<DomainEvents>({ logger });
        const cache = createQuoteCache({ store, bus, clock: systemClock, logger });
        const pdfs = createPdfCache({ store, cache, accounts: { client: async () => client }, bus, clock: systemClock, logger, folder: join(dir, name), dispatcherFor: () => agent });
        try {
          const started = performance.now();
          // As the job hands them over: batches of 40, one width for the whole run.
          const width = adaptive ? createAdaptiveLimit({ now: () => performance.now() }) : undefined;
          let kept = 0;
          let failed = 0;
          for (let offset = 0; offset < toKeep.length; offset += 40) {
            const outcome = await pdfs.keepOffline(toKeep.slice(offset, offset + 40), undefined, width);
            kept += outcome.kept;
            failed += outcome.failed.length + outcome.notTried;
          }
          const seconds = (performance.now() - started) / 1000;
          ctx.log(`${name}: ${kept} PDFs kept, ${failed} not, in ${round(seconds)} s (${round(kept / seconds)} PDFs/s)`);
          return { perSecond: kept / seconds, kept, failed, seconds };
        } finally {
          await pdfs.close();
          store.close();
        }
      }

      const fixed = await keepAll('fixed', false);
      const adaptive = await keepAll('adaptive', true);
      const details = { quotes: ids.length, fileLatencyMs: FILE_LATENCY_MS, busyShare: BUSY_SHARE, retryAfterS: 1 };
      const figures: Figure[] = [
        { id: 'keep-offline.fixed-per-second', label: 'PDFs kept a second, two at a time', unit: 'count', value: round(fixed.perSecond), rounds: 1, details: { ...details, kept: fixed.kept, notKept: fixed.failed, seconds: round(fixed.seconds) } },
        { id: 'keep-offline.adaptive-per-second', label: 'PDFs kept a second, width set by the service', unit: 'count', value: round(adaptive.perSecond), rounds: 1, details: { ...details, kept: adaptive.kept, notKept: adaptive.failed, seconds: round(adaptive.seconds) } },
        { id: 'keep-offline.speed-up', label: 'Adaptive ÷ fixed, PDFs a second', unit: 'x', value: round(adaptive.perSecond / fixed.perSecond), rounds: 1, target: { op: '>=', value: 2 }, details },
      ];
      return figures;
    } finally {
      await client.close();
      await agent.close();
      await simulator.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
});

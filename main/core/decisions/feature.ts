// Decisions: accept and decline through the service, their receipts on disk, and the quote
// each decision answered with stored in the cache. The gate tells the updater a decision is in flight.
import { join } from 'node:path';
import type { AccountsService } from '../accounts/types';
import type { PdfCache, QuoteCache } from '../cache';
import { createDecisions } from './decisions';
import { openReceiptStore } from './receipts';
import type { DomainBus } from '../events';
import { createDecisionHandlers } from './bridge';
import { internalPeers, quoteDetailView } from '../inbox/quote-detail-view';
import type { Clock, DataFileProblem, Logger, SettingsStore } from '../ports';
import { createDecisionGate } from '../updates';
import type { DecisionsInFlight } from '../updates';
import type { Feature } from '../bridge/feature';

export interface DecisionsFeatureDeps {
  userData: string;
  accounts: AccountsService;
  cache: QuoteCache;
  pdfs: PdfCache;
  settings: SettingsStore;
  bus: DomainBus;
  clock: Clock;
  logger: Logger;
}

export function createDecisionsFeature(deps: DecisionsFeatureDeps): Feature & { inFlight: DecisionsInFlight; problems(): DataFileProblem[] } {
  const { clock, logger } = deps;
  const receipts = openReceiptStore({ path: join(deps.userData, 'decision-receipts.json'), logger, now: () => clock.now() });
  const receiptsProblem = receipts.problem();
  const decisions = createDecisions({
    accounts: deps.accounts,
    getCached: deps.cache.decisionBase,
    record: deps.cache.record,
    receipts,
    publish: deps.bus.publish,
    clock,
    logger,
    pdfPath: deps.pdfs.currentFile,
  });
  const gate = createDecisionGate();
  return {
    name: 'decisions',
    handlers: gate.wrap(
      createDecisionHandlers({
        decisions,
        settings: deps.settings,
        // The quote as the cache now holds it, shown at once instead of reloaded.
        view: async (accountId, quoteId) => {
          const accounts = await deps.accounts.list();
          const access = accounts.find((account) => account.id === accountId)?.access ?? (await deps.accounts.get(accountId)).access;
          return quoteDetailView({ cache: deps.cache, pdfs: deps.pdfs }, accountId, quoteId, access, 'service', null, internalPeers(accounts, accountId));
        },
      }),
    ),
    inFlight: { inFlight: gate.inFlight, idle: gate.idle },
    problems: () => (receiptsProblem ? [{ file: 'receipts' as const, ...receiptsProblem }] : []),
  };
}

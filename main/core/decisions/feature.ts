// Decisions: accept and decline through the service, their receipts on disk, and the quote
// each decision answered with stored in the cache. The gate tells the updater a decision is in
// flight, whether the person sent it or the outbox's timer did.
import { join } from 'node:path';
import type { AccountsService } from '../accounts/types';
import type { PdfCache, QuoteCache } from '../cache';
import { createDecisions } from './decisions';
import { openReceiptStore } from './receipts';
import type { DecisionReceipt } from '../../../preload/contract/bridge/decisions';
import type { DomainBus } from '../events';
import { createDecisionHandlers, readUndoSeconds } from './bridge';
import { createOutbox } from './outbox';
import { OUTBOX_FILE_NAME, openOutboxFile } from './outbox-file';
import type { EventHub } from '../bridge/events';
import { internalPeers, quoteDetailView } from '../inbox/quote-detail-view';
import type { Clock, DataFileProblem, Logger, SettingsStore } from '../ports';
import { createDecisionGate } from '../updates';
import type { DecisionsInFlight } from '../updates';
import type { Feature } from '../bridge/feature';
import type { AcceptApproval } from './accept-approval';

export interface DecisionsFeatureDeps {
  userData: string;
  accounts: AccountsService;
  cache: QuoteCache;
  pdfs: PdfCache;
  settings: SettingsStore;
  bus: DomainBus;
  clock: Clock;
  logger: Logger;
  /** The team's approval policy, filled by the team feature (above this folder). */
  acceptApproval?: AcceptApproval;
}

export function createDecisionsFeature(
  deps: DecisionsFeatureDeps,
): Feature & { inFlight: DecisionsInFlight; problems(): DataFileProblem[]; receiptsOf(accountId: string, quoteId: string): DecisionReceipt[] } {
  const { clock, logger } = deps;
  const outboxFile = openOutboxFile({ path: join(deps.userData, OUTBOX_FILE_NAME), logger, now: () => clock.now() });
  let hub: EventHub | null = null;
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
    acceptApproval: deps.acceptApproval,
  });
  const gate = createDecisionGate();
  const outbox = createOutbox({
    file: outboxFile,
    decisions,
    clock,
    logger,
    undoMs: () => readUndoSeconds(deps.settings) * 1000,
    onChange: (entries) => hub?.emit('decisions.outboxChanged', { entries }),
    onEnded: (ended) => hub?.emit('decisions.sent', ended),
    // Told at start: in the Activity list, and as a notification through notify/ (which hears the bus).
    onStartReport: (report, reports) => {
      hub?.emit('decisions.startReportsChanged', { reports });
      deps.bus.publish('decision.reportedAtStart', { report });
    },
    onStartReportsChanged: (reports) => hub?.emit('decisions.startReportsChanged', { reports }),
    gate,
  });
  return {
    name: 'decisions',
    handlers: gate.wrap(
      createDecisionHandlers({
        decisions,
        outbox,
        settings: deps.settings,
        // The quote as the cache now holds it, shown at once instead of reloaded.
        view: async (accountId, quoteId) => {
          const accounts = await deps.accounts.list();
          const access = accounts.find((account) => account.id === accountId)?.access ?? (await deps.accounts.get(accountId)).access;
          return quoteDetailView({ cache: deps.cache, pdfs: deps.pdfs }, accountId, quoteId, access, 'service', null, internalPeers(accounts, accountId));
        },
      }),
    ),
    project(given) {
      hub = given;
      return () => {
        hub = null;
      };
    },
    // What the last run left waits no longer than its window: sent now, after the quote is read again.
    start: () => outbox.start(),
    close: () => outbox.close(),
    inFlight: { inFlight: gate.inFlight, idle: gate.idle },
    // Read by Insights: when decisions made here were made, and the decline reasons typed.
    receiptsOf: (accountId, quoteId) => receipts.list(accountId, quoteId),
    problems: () => {
      const outboxProblem = outboxFile.problem();
      return [...(receiptsProblem ? [{ file: 'receipts' as const, ...receiptsProblem }] : []), ...(outboxProblem ? [outboxProblem] : [])];
    },
  };
}

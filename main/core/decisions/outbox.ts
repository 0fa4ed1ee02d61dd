// The outbox: a decision is written to disk before anything is sent, waits out its undo
// window, waits for the service when it cannot be reached, and is sent once. Before a decision
// that waited is sent the quote is read again: revised, expired or decided elsewhere, it is held
// and the person is asked again. "sending" is recorded durably before each POST, so after a crash
// the next start re-reads the quote to learn whether it was applied instead of sending it twice.
import { randomUUID } from 'node:crypto';
import type { Decision, DecisionResult, OutboxEntry, SentDecision, StartReport } from '../../../preload/contract/bridge/decisions';
import { AppError, errorText } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { Clock, Logger } from '../ports';
import type { DecideRequest, Decisions } from './decisions';
import { isUnreachable } from './decisions';
import type { OutboxFile } from './outbox-file';
import { withoutEntry } from './outbox-file';
import { reportAtStart } from './start-report';
import type { StartEnding } from './start-report';
import type { DecisionGate } from '../updates';

/** What the row, the pane and the outbox list say of a decision waiting for the service, in main's language now. */
export const waitingMessage = (): string => m.activity_outbox_state_waiting();
/** How often a decision waiting for the service is tried again. */
export const RETRY_EVERY_MS = 2_000;

export interface OutboxDeps {
  file: OutboxFile;
  decisions: Decisions;
  clock: Clock;
  logger: Logger;
  /** The undo window now, in milliseconds (the setting, read at each decision). */
  undoMs(): number;
  /** Every change of the list, oldest first. */
  onChange?(entries: OutboxEntry[]): void;
  /** A decision of the outbox reached its end (sent, refused, held). */
  onEnded?(ended: SentDecision): void;
  /** A decision the last run left reached its end: the person is told (the Activity list, a notification). */
  onStartReport?(report: StartReport, all: StartReport[]): void;
  /** The person dismissed start reports: the ones left. */
  onStartReportsChanged?(all: StartReport[]): void;
  /** Every send the outbox starts itself is counted here, as the person's are: an update never restarts in the middle of a POST. */
  gate?: Pick<DecisionGate, 'run'>;
  retryEveryMs?: number;
  newId?: () => string;
}

export interface Outbox {
  /** Puts the decision in the outbox; with no undo window it is sent at once and its outcome answered. */
  decide(decision: Decision, request: DecideRequest): Promise<DecisionResult>;
  /** Undoes or cancels one; refused while its POST may be on the wire. Answers the list left. */
  cancel(id: string): Promise<OutboxEntry[]>;
  list(): OutboxEntry[];
  /** Takes up what the last run left: windows still open, decisions waiting, a send a crash interrupted. */
  start(): void;
  /** What became of the decisions a run left, kept on disk until the person dismisses them, oldest first. */
  startReports(): StartReport[];
  /** The person has read one (or, without an id, all): no longer kept. Answers the reports left. */
  dismissStartReports(entryId?: string): Promise<StartReport[]>;
  /** Resolves once nothing is being sent. */
  idle(): Promise<void>;
  /** Stops the timers and waits for sends under way; what waits stays on disk for the next start. */
  close(): Promise<void>;
}

class CancelledMeanwhile extends Error {}

export function createOutbox(deps: OutboxDeps): Outbox {
  const { file, decisions, clock, logger } = deps;
  const newId = deps.newId ?? randomUUID;
  const retryEveryMs = deps.retryEveryMs ?? RETRY_EVERY_MS;
  let entries = file.entries();
  const timers = new Map<string, NodeJS.Timeout>();
  const sending = new Map<string, Promise<DecisionResult | null>>();
  let retryTimer: NodeJS.Timeout | null = null;
  let closed = false;
  /** The decisions the last run left, by id, until each ends; `waited`: the service could not be reached at start. */
  const leftByLastRun = new Map<string, { waited: boolean }>();
  let reports: StartReport[] = file.reports();

  async function save(next: OutboxEntry[]): Promise<void> {
    await file.write(next);
    entries = next;
    deps.onChange?.(entries.map((entry) => ({ ...entry })));
  }

  const find = (id: string) => entries.find((entry) => entry.id === id);
  const replace = (changed: OutboxEntry) => save(entries.map((entry) => (entry.id === changed.id ? changed : entry)));
  const remove = (id: string) => save(entries.filter((entry) => entry.id !== id));

  function schedule(entry: OutboxEntry): void {
    if (closed) return;
    clearTimeout(timers.get(entry.id));
    const timer = setTimeout(() => {
      timers.delete(entry.id);
      sendInBackground(entry.id);
    }, Math.max(0, entry.sendAt - clock.now()));
    timers.set(entry.id, timer);
  }

  function retrySoon(): void {
    if (closed || retryTimer || !entries.some((entry) => entry.state === 'waiting')) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      retryWaiting();
    }, retryEveryMs);
  }

  function retryWaiting(): void {
    for (const entry of entries) if (entry.state === 'waiting') sendInBackground(entry.id);
  }

  /**
   * A send no call of the person's waits for (a window ended, a retry, the start): a failure
   * other than waiting has already held the entry and said why, so it must not become an
   * unhandled rejection that ends the process.
   */
  function sendInBackground(id: string): void {
    dispatch(id, true).catch((error: unknown) => logger.warn('a decision of the outbox was held', { error: errorText(error) }));
  }

  function dispatch(id: string, fresh: boolean): Promise<DecisionResult | null> {
    const under = sending.get(id);
    if (under) return under;
    const run = (deps.gate ? deps.gate.run(() => send(id, fresh)) : send(id, fresh)).finally(() => {
      sending.delete(id);
      retrySoon();
    });
    sending.set(id, run);
    return run;
  }

  async function send(id: string, fresh: boolean): Promise<DecisionResult | null> {
    const entry = find(id);
    if (!entry || entry.state === 'held' || closed) return null;
    const request: DecideRequest = {
      accountId: entry.accountId,
      quoteId: entry.quoteId,
      version: entry.version,
      ...(entry.reason ? { reason: entry.reason } : {}),
      fresh,
      mayHaveApplied: entry.attempted,
      beforeSend: async () => {
        if (!find(id)) throw new CancelledMeanwhile();
        await replace({ ...entry, state: 'sending', attempted: true, message: null });
      },
    };
    let result: DecisionResult;
    try {
      result = entry.decision === 'accept' ? await decisions.accept(request) : await decisions.decline(request);
    } catch (error) {
      if (error instanceof CancelledMeanwhile) return null;
      const current = find(id) ?? entry;
      if (isUnreachable(error)) {
        logger.info('a decision waits for the service', { quoteId: entry.quoteId, decision: entry.decision, error: errorText(error) });
        const left = leftByLastRun.get(id);
        if (left) left.waited = true;
        const message = waitingMessage();
        const waiting: OutboxEntry = { ...current, state: 'waiting', message };
        await keep(() => replace(waiting));
        return { outcome: 'waiting', message, quote: null, entry: waiting };
      }
      // Not a matter of waiting (the account was removed, the credentials refused): held for the person.
      const message = m.activity_outbox_not_sent_because({ reason: errorText(error) });
      await keep(() => replace({ ...current, state: 'held', message }));
      tellIfLeft(entry, { heldBecause: message });
      throw error;
    }
    await end(entry, result);
    return result;
  }

  /** The service answered (or the re-read showed it must not be sent): it leaves the outbox, or is held to be asked again. */
  async function end(entry: OutboxEntry, result: DecisionResult): Promise<void> {
    const heldBack = result.outcome === 'changed' || (result.outcome === 'refused' && result.receipt === null);
    if (heldBack) await keep(() => replace({ ...(find(entry.id) ?? entry), state: 'held', message: result.message }));
    else await keep(() => remove(entry.id));
    deps.onEnded?.({ entryId: entry.id, accountId: entry.accountId, quoteId: entry.quoteId, decision: entry.decision, result });
    tellIfLeft(entry, { result });
  }

  /** A decision the last run left ended here: said once, in words. */
  function tellIfLeft(entry: OutboxEntry, ending: StartEnding): void {
    const left = leftByLastRun.get(entry.id);
    if (!left) return;
    const report = reportAtStart(entry, ending, clock.now(), left.waited);
    if (!report) return;
    leftByLastRun.delete(entry.id);
    // Kept until dismissed: a quit right after the start still shows it at the next one.
    reports = [...reports.filter((each) => each.entryId !== report.entryId), report];
    void keep(() => file.writeReports(reports));
    logger.info('a decision left by the last run ended', { quoteId: entry.quoteId, decision: entry.decision, outcome: report.outcome });
    deps.onStartReport?.(report, reports.map((each) => ({ ...each })));
  }

  /** The list in memory moves on even when the disk refuses: a sent decision must not be sent again while running. */
  async function keep(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      logger.error('the decision outbox could not be written', { error: errorText(error) });
    }
  }

  return {
    async decide(decision, request) {
      const prepared = await decisions.prepare(decision, request);
      if ('outcome' in prepared) return prepared;
      const undoMs = Math.max(0, deps.undoMs());
      const now = clock.now();
      const entry: OutboxEntry = {
        id: newId(),
        accountId: request.accountId,
        accountName: prepared.accountName,
        quoteId: request.quoteId,
        quoteNumber: prepared.quote.quoteNumber,
        decision,
        reason: decision === 'decline' && request.reason?.trim() ? request.reason.trim() : null,
        version: prepared.version,
        decidedAt: new Date(now).toISOString(),
        sendAt: now + undoMs,
        state: 'undo',
        attempted: false,
        message: null,
      };
      if (entries.some((other) => other.accountId === entry.accountId && other.quoteId === entry.quoteId && other.state !== 'held')) {
        throw new AppError('invalid-state', m.activity_outbox_already_waiting());
      }
      try {
        await save([...entries.filter((other) => !(other.accountId === entry.accountId && other.quoteId === entry.quoteId)), entry]);
      } catch (error) {
        throw new AppError('internal', m.activity_outbox_save_failed(), { retryable: true, cause: error });
      }
      if (undoMs === 0) {
        const result = await dispatch(entry.id, false);
        return result ?? { outcome: 'waiting', message: waitingMessage(), quote: prepared.quote, entry };
      }
      schedule(entry);
      return { outcome: 'waiting', message: m.activity_outbox_sent_in({ count: Math.round(undoMs / 1000) }), quote: prepared.quote, entry };
    },

    async cancel(id) {
      const left = withoutEntry(entries, id);
      const entry = find(id)!;
      clearTimeout(timers.get(id));
      timers.delete(id);
      await save(left);
      leftByLastRun.delete(id);
      logger.info('a waiting decision was cancelled', { quoteId: entry.quoteId, decision: entry.decision, state: entry.state });
      return entries.map((other) => ({ ...other }));
    },

    list: () => entries.map((entry) => ({ ...entry })),
    startReports: () => reports.map((report) => ({ ...report })),

    async dismissStartReports(entryId) {
      // Taken from the list at once, so a report that ends meanwhile is written after it and the dismissed one stays gone.
      const before = reports;
      reports = entryId === undefined ? [] : reports.filter((report) => report.entryId !== entryId);
      try {
        await file.writeReports(reports);
      } catch (error) {
        reports = [...before, ...reports.filter((report) => !before.some((kept) => kept.entryId === report.entryId))];
        throw new AppError('internal', m.activity_start_dismiss_failed(), { retryable: true, cause: error });
      }
      deps.onStartReportsChanged?.(reports.map((report) => ({ ...report })));
      return reports.map((report) => ({ ...report }));
    },

    start() {
      for (const entry of entries) {
        if (entry.state !== 'held') leftByLastRun.set(entry.id, { waited: false });
        if (entry.state === 'undo') {
          // Decided before the last quit or crash: sent now (after the re-read), and said so.
          logger.info('a decision made before Quotedesk stopped is sent now', { quoteId: entry.quoteId, decision: entry.decision });
          schedule(entry);
        } else if (entry.state !== 'held') {
          sendInBackground(entry.id);
        }
      }
    },

    async idle() {
      while (sending.size > 0) await Promise.allSettled([...sending.values()]);
    },

    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      if (retryTimer) clearTimeout(retryTimer);
      await Promise.allSettled([...sending.values()]);
    },
  };
}

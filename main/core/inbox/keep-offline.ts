// Keeping a selection's PDFs offline is a job of the core, not of the page that asked for it:
// at 100,000 quotes it runs for hours, so it must be visible to any page opened meanwhile
// (current() and the listeners), stoppable (stop()), and end with the core (close()). One job
// runs at a time. It resolves the selection against its view once, when it starts (an "all but
// some" selection re-read for every batch cost a whole view's read per 10 quotes), keeps only
// each quote's reference and label, and hands them to the PDF cache a batch at a time, which
// writes every file atomically: a stop aborts the downloads under way, deletes nothing kept,
// and leaves no partial file.
import type { KeepOfflineJob, KeepOfflinePlan } from '../../../preload/contract/bridge/selection';
import type { QuoteToKeep } from '../cache';
import { KEEP_OFFLINE_FAILURES_NAMED } from '../../../preload/contract/bridge/selection';
import { describeError } from '../api/describe-error';
import type { PdfCache } from '../cache';
import type { Logger } from '../ports';
import { errorText } from '../errors';
import { createAdaptiveLimit } from '../cache/adaptive-limit';
import { createRateEstimate } from './time-left';
import { selectedRows } from './selected-rows';
import type { SelectedRowsDeps, ViewInput } from './selected-rows';

/** Quotes handed to the PDF cache at a time: the progress moves after each batch, and a batch's last downloads leave the others idle. */
const BATCH = 40;

export interface KeepOfflineJobsDeps extends SelectedRowsDeps {
  pdfs: Pick<PdfCache, 'keepOffline' | 'usage'>;
  logger: Logger;
  batch?: number;
}

export interface KeepOfflineJobs {
  /** Starts keeping the selection's PDFs offline; answers the running job instead if there is one. */
  start(input: ViewInput): Promise<KeepOfflineJob>;
  plan(input: ViewInput): Promise<KeepOfflinePlan>;
  /** The job running, or the last one ended, or null. */
  current(): KeepOfflineJob | null;
  /** No download starts after this; resolves once those under way are aborted and the job has ended. */
  stop(): Promise<KeepOfflineJob | null>;
  /** Hears every move of the job; returns the function that stops listening. */
  subscribe(listener: (job: KeepOfflineJob) => void): () => void;
  /** Quotedesk quits: as stop(), and no job starts after. */
  close(): Promise<void>;
}

export function createKeepOfflineJobs(deps: KeepOfflineJobsDeps): KeepOfflineJobs {
  const batch = deps.batch ?? BATCH;
  const listeners = new Set<(job: KeepOfflineJob) => void>();
  let job: KeepOfflineJob | null = null;
  let running: { controller: AbortController; done: Promise<void> } | null = null;
  let closed = false;

  const snapshot = (): KeepOfflineJob | null => (job ? { ...job, failed: [...job.failed] } : null);
  const changed = () => {
    const view = snapshot();
    if (!view) return;
    for (const listener of listeners) listener(view);
  };

  async function run(state: KeepOfflineJob, selected: readonly QuoteToKeep[], signal: AbortSignal): Promise<void> {
    // One width for the whole job: what the service's answers taught carries from batch to batch.
    const width = createAdaptiveLimit({ now: () => performance.now() });
    const estimate = createRateEstimate(() => performance.now());
    try {
      for (let offset = 0; offset < selected.length && !signal.aborted; offset += batch) {
        const quotes = selected.slice(offset, offset + batch);
        const outcome = await deps.pdfs.keepOffline(quotes, signal, width);
        state.kept += outcome.kept;
        state.alreadyOffline += outcome.alreadyOffline;
        state.failedCount += outcome.failed.length;
        state.failed.push(...outcome.failed.slice(0, KEEP_OFFLINE_FAILURES_NAMED - state.failed.length));
        state.done += outcome.kept + outcome.alreadyOffline + outcome.failed.length;
        state.secondsLeft = estimate.secondsLeft(state.done, state.total);
        // The service cannot be reached: the rest would fail the same way.
        if (outcome.notTried > 0 && !signal.aborted) break;
        changed();
      }
      state.notTried = Math.max(0, state.total - state.done);
      state.secondsLeft = null;
      state.state = signal.aborted ? 'stopped' : 'finished';
    } catch (error) {
      deps.logger.warn('keeping PDFs offline failed', { error: errorText(error) });
      state.notTried = Math.max(0, state.total - state.done);
      state.secondsLeft = null;
      state.state = signal.aborted ? 'stopped' : 'failed';
      state.error = signal.aborted ? null : describeError(error).message;
    }
    changed();
  }

  async function stop(): Promise<KeepOfflineJob | null> {
    if (running) {
      if (job?.state === 'running') {
        job.state = 'stopping';
        changed();
      }
      running.controller.abort(new Error('Keeping PDFs offline was stopped'));
      await running.done;
    }
    return snapshot();
  }

  return {
    async start(input) {
      if (closed) throw new Error('Quotedesk is closing');
      if (running) return snapshot()!;
      const controller = new AbortController();
      let release: () => void = () => undefined;
      // Taken before the first await: a second start while the total is read answers this job.
      running = { controller, done: new Promise<void>((resolve) => (release = resolve)) };
      try {
        // The one read of the view this job makes: what is kept is what was selected when it started.
        const { rows } = await selectedRows(deps, input);
        const selected: QuoteToKeep[] = rows.map((row) => ({ accountId: row.accountId, quoteId: row.quoteId, label: row.quoteNumber ?? row.projectName }));
        const state: KeepOfflineJob = { state: 'running', total: selected.length, done: 0, kept: 0, alreadyOffline: 0, failed: [], failedCount: 0, notTried: 0, error: null, secondsLeft: null };
        job = state;
        changed();
        void run(state, selected, controller.signal).finally(() => {
          running = null;
          release();
        });
        return snapshot()!;
      } catch (error) {
        running = null;
        release();
        throw error;
      }
    },

    async plan(input) {
      const { total } = await selectedRows(deps, input, { offset: 0, limit: 1 });
      const usage = deps.pdfs.usage();
      return { quotes: total, averagePdfBytes: usage.files > 0 ? usage.bytes / usage.files : null };
    },

    current: snapshot,
    stop,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      closed = true;
      await stop();
      listeners.clear();
    },
  };
}

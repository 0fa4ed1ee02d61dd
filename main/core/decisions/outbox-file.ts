// The outbox on disk: every decision not yet answered by the service, and the reports of those
// a run left that ended at a later start (kept until the person dismisses them), in one JSON
// file written atomically (a kill at any moment leaves the previous content or the next one,
// never a torn mix). A damaged file is set aside, never overwritten, and the entries that could
// be read are kept; an entry that cannot be read is dropped and said.
import { OutboxEntry, StartReport } from '../../../preload/contract/bridge/decisions';
import { loadJsonDataFile, problemSaidWhenRead, writeFileAtomic } from '../data-files';
import type { AsyncFileSystem } from '../data-files';
import { AppError, saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { DataFileProblem, Logger } from '../ports';

export const OUTBOX_FILE_NAME = 'decision-outbox.json';

/**
 * The list without the decision to cancel: the one rule of the app and `quotedesk outbox
 * --cancel`. A decision whose POST may be on the wire cannot be taken back.
 */
export function withoutEntry(entries: readonly OutboxEntry[], id: string): OutboxEntry[] {
  const entry = entries.find((candidate) => candidate.id === id);
  if (!entry) throw new AppError('not-found', m.activity_outbox_gone());
  if (entry.state === 'sending') {
    throw new AppError('invalid-state', m.activity_outbox_being_sent());
  }
  return entries.filter((candidate) => candidate.id !== id);
}

export interface OutboxFile {
  /** The entries as last written (or read at opening), oldest first. */
  entries(): OutboxEntry[];
  /** Replaces the list durably (the start reports kept as they are); resolves once it is on disk, rejects (keeping the old list) when it is not. */
  write(entries: readonly OutboxEntry[]): Promise<void>;
  /** The start reports not yet dismissed, oldest first. */
  reports(): StartReport[];
  /** Replaces the start reports durably (the entries kept as they are), like write. */
  writeReports(reports: readonly StartReport[]): Promise<void>;
  problem(): DataFileProblem | null;
}

export interface OutboxFileOptions {
  path: string;
  logger?: Logger;
  now?: () => number;
  /** The file system the atomic writer uses; tests pass one that fails on cue. */
  fs?: AsyncFileSystem;
}

export function openOutboxFile(options: OutboxFileOptions): OutboxFile {
  const { path, logger } = options;
  const loaded = loadJsonDataFile(path, {
    file: 'outbox',
    now: options.now,
    logger,
    check: (value) => (Array.isArray(value.entries) ? null : () => m.main_data_outbox_not_a_list()),
  });
  let problem = loaded.problem;
  const raw = (loaded.entries.get('entries') as unknown[] | undefined) ?? [];
  let current: OutboxEntry[] = [];
  for (const entry of raw) {
    const parsed = OutboxEntry.safeParse(entry);
    if (parsed.success) current.push(parsed.data);
  }
  // A report that cannot be read is only a notice lost: dropped without a problem to show.
  const rawReports = loaded.entries.get('reports');
  let currentReports: StartReport[] = (Array.isArray(rawReports) ? rawReports : []).flatMap((report) => {
    const parsed = StartReport.safeParse(report);
    return parsed.success ? [parsed.data] : [];
  });
  const dropped = raw.length - current.length;
  if (dropped > 0) {
    // The readable ones stay waiting; the file is rewritten with them at the next change, so keep the reason now.
    problem = problemSaidWhenRead({ file: 'outbox' as const, path, keptAt: null }, () => m.main_data_outbox_unreadable_entries({ count: dropped }));
    logger?.error('unreadable entries of the decision outbox were dropped', { path, dropped });
  }
  let queue: Promise<void> = Promise.resolve();
  // What was last asked of each half: a write of one half carries the other as last asked, so
  // two writes queued one behind the other never put back what the first replaced.
  let askedEntries = current;
  let askedReports = currentReports;

  /** One write at a time, in the order asked: the last one on disk is the last one asked. */
  function persist(): Promise<void> {
    if (!loaded.writable) {
      return Promise.reject(saidError('internal', m.main_data_outbox_not_overwritten({ path })));
    }
    // Worded when its turn comes, after a refused write before it has been taken back.
    const write = queue.then(() => writeFileAtomic(path, `${JSON.stringify({ entries: askedEntries, reports: askedReports }, null, 2)}\n`, { fs: options.fs }));
    queue = write.catch(() => undefined);
    return write;
  }

  return {
    entries: () => current.map((entry) => ({ ...entry })),
    async write(entries) {
      const next = entries.map((entry) => ({ ...entry }));
      askedEntries = next;
      try {
        await persist();
      } catch (error) {
        // Refused: what the caller was told was not saved must not reach the disk with the next write.
        if (askedEntries === next) askedEntries = current;
        throw error;
      }
      current = next;
    },
    reports: () => currentReports.map((report) => ({ ...report })),
    async writeReports(reports) {
      const next = reports.map((report) => ({ ...report }));
      askedReports = next;
      try {
        await persist();
      } catch (error) {
        if (askedReports === next) askedReports = currentReports;
        throw error;
      }
      currentReports = next;
    },
    problem: () => problem,
  };
}

// Which quotes the person has not looked at since they changed, per account, kept across
// restarts. Counts drive the tray, the dock/taskbar badge and the window title; every change
// of the counts is announced once. A quote turns unread per account (each account sees its
// own changes), but reading it counts for every account on the same service that shows it.
import { z } from 'zod';
import type { UnreadSummary } from '../../../preload/contract';
import type { Clock, Logger } from '../ports';
import { createStateWriter, loadStateFile } from './state-file';
import { summariseUnread } from './unread-summary';

const UnreadFile = z.object({ version: z.literal(1), accounts: z.record(z.string(), z.array(z.string())) });

export interface UnreadState {
  summary(): UnreadSummary;
  isUnread(accountId: string, quoteId: string): boolean;
  markUnread(accountId: string, quoteIds: readonly string[]): UnreadSummary;
  /**
   * Without quote ids: every quote unread in the account. The quotes read are read in
   * `sameService` too (the other accounts on the account's service), in one announcement.
   */
  markRead(accountId: string, quoteIds?: readonly string[], sameService?: readonly string[]): UnreadSummary;
  /** markUnread for several accounts at once (a selection across accounts): one save, one announcement. */
  markUnreadMany(groups: readonly { accountId: string; quoteIds: readonly string[] }[]): UnreadSummary;
  /** markRead for several accounts at once, each with its quotes and its service's other accounts: one save, one announcement. */
  markReadMany(groups: readonly { accountId: string; quoteIds: readonly string[]; sameService: readonly string[] }[]): UnreadSummary;
  forgetAccount(accountId: string): void;
  /** Drops the unread quotes of accounts that no longer exist: one save, one announcement. */
  forgetAccounts(accountIds: readonly string[]): void;
  /** The accounts that have an unread quote. */
  accountIds(): string[];
  /** Called with the new summary whenever a count changed; returns the unsubscribe function. */
  onChange(listener: (summary: UnreadSummary) => void): () => void;
  flush(): Promise<void>;
}

export interface UnreadStateOptions {
  path: string;
  clock: Clock;
  logger: Logger;
  /**
   * The service an account is on: a quote unread in a client key and the internal key of one
   * service is one unread quote in the total (the tray, the badge, the title), as All accounts
   * lists it once. Without it each account counts as its own service.
   */
  serviceOf?: (accountId: string) => string;
}

export function createUnreadState(options: UnreadStateOptions): UnreadState {
  const accounts = new Map<string, Set<string>>();
  const loaded = loadStateFile(options.path, UnreadFile, options.logger, options.clock.now);
  for (const [accountId, quoteIds] of Object.entries(loaded?.accounts ?? {})) {
    if (quoteIds.length > 0) accounts.set(accountId, new Set(quoteIds));
  }
  const listeners = new Set<(summary: UnreadSummary) => void>();
  const writer = createStateWriter(options.path, options.logger, () => ({
    version: 1,
    accounts: Object.fromEntries([...accounts].map(([accountId, quoteIds]) => [accountId, [...quoteIds]])),
  }));

  function summary(): UnreadSummary {
    return summariseUnread(accounts, options.serviceOf ?? ((accountId: string) => accountId));
  }

  function changed(): UnreadSummary {
    const current = summary();
    writer.save();
    for (const listener of [...listeners]) {
      try {
        listener(current);
      } catch (error) {
        options.logger.error('unread listener failed', { error: (error as Error).message });
      }
    }
    return current;
  }

  /** True when a quote turned unread. */
  function addUnread(accountId: string, quoteIds: readonly string[]): boolean {
    const set = accounts.get(accountId) ?? new Set<string>();
    const before = set.size;
    for (const id of quoteIds) set.add(id.toLowerCase());
    if (set.size > 0) accounts.set(accountId, set);
    return set.size !== before;
  }

  /** True when a quote was unread in the account or one on its service, and is read now. */
  function removeUnread(accountId: string, quoteIds: readonly string[], sameService: readonly string[]): boolean {
    const read = quoteIds.map((id) => id.toLowerCase());
    let cleared = false;
    for (const each of new Set([accountId, ...sameService])) {
      const set = accounts.get(each);
      if (!set) continue;
      for (const id of read) cleared = set.delete(id) || cleared;
      if (set.size === 0) accounts.delete(each);
    }
    return cleared;
  }

  return {
    summary,
    isUnread: (accountId, quoteId) => accounts.get(accountId)?.has(quoteId.toLowerCase()) ?? false,
    markUnread: (accountId, quoteIds) => (addUnread(accountId, quoteIds) ? changed() : summary()),
    markRead(accountId, quoteIds, sameService = []) {
      const read = quoteIds ?? [...(accounts.get(accountId) ?? [])];
      return removeUnread(accountId, read, sameService) ? changed() : summary();
    },
    markUnreadMany(groups) {
      let added = false;
      for (const { accountId, quoteIds } of groups) added = addUnread(accountId, quoteIds) || added;
      return added ? changed() : summary();
    },
    markReadMany(groups) {
      let cleared = false;
      for (const { accountId, quoteIds, sameService } of groups) cleared = removeUnread(accountId, quoteIds, sameService) || cleared;
      return cleared ? changed() : summary();
    },
    forgetAccount(accountId) {
      if (accounts.delete(accountId)) changed();
    },
    forgetAccounts(accountIds) {
      let forgot = false;
      for (const accountId of accountIds) forgot = accounts.delete(accountId) || forgot;
      if (forgot) changed();
    },
    accountIds: () => [...accounts.keys()],
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    flush: () => writer.flush(),
  };
}

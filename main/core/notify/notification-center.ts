// THE notification policy: a change goes in, and at most one notification comes out, worded
// for a person, with the view its click opens. In order: a change is announced once (the
// ledger), the quote becomes unread, the person's preferences and quiet times are honoured,
// a change another account on the same service already announced stays quiet, and bursts
// are grouped. Every decision comes back as an outcome the caller may log.
import type { Clock, Logger, Notifier } from '../ports';
import type { ChangeLedger } from './change-ledger';
import { identifyChange } from './change-ledger';
import { createGrouper } from './grouping';
import type { PreferencesStore } from './preferences';
import { localMinutes, silenceAt, wantsKind } from './preferences';
import type { AccountQuotes } from './reminders';
import { dueReminders } from './reminders';
import type { OwnDecisions } from './own-decisions';
import type { NotifiableChange, PlannedNotification } from './types';
import type { UnreadState } from './unread';
import { describeChange } from './wording';
import { statusWords } from './words';

export type Outcome =
  | 'shown'
  | 'grouped'
  | 'duplicate'
  | 'own-decision'
  | 'no-visible-change'
  | 'not-wanted'
  | 'muted'
  | 'do-not-disturb'
  | 'quiet-hours';

export interface NotificationCenter {
  handle(change: NotifiableChange): Outcome;
  /**
   * Tells the person of their own decision (one the last run left in the outbox, ended now):
   * once (the ledger), as the preferences and quiet hours allow, without making the quote unread.
   */
  announce(change: NotifiableChange): Outcome;
  /** Given the cached quotes of accounts, raises the expiry reminders due and not yet raised (2 days before and on the last day, at 9:00 local time); each reminded quote is unread again, so the tray counts it. */
  remindExpiring(accounts: readonly AccountQuotes[]): Outcome[];
  /** Every notification shown (single or summary), e.g. for browser-mode toasts; returns the unsubscribe function. */
  onShown(listener: (notification: PlannedNotification) => void): () => void;
  forgetAccount(accountId: string): void;
  /** Shows any summary due and waits for the state files. */
  close(): Promise<void>;
}

export interface NotificationCenterOptions {
  notifier: Notifier;
  preferences: PreferencesStore;
  unread: UnreadState;
  ledger: ChangeLedger;
  /** This installation's own decisions: what they lead to is not news to the person who made them. */
  own?: Pick<OwnDecisions, 'caused'>;
  clock: Clock;
  logger: Logger;
  /** Minutes after local midnight for a moment; tests pin the time zone here. */
  localMinutes?: (now: number) => number;
}

const STATUS_KINDS = new Set(['quote.status_changed', 'quote.status', 'rfq.status_changed', 'project.status_changed']);

export function createNotificationCenter(options: NotificationCenterOptions): NotificationCenter {
  const { clock, logger } = options;
  const minutesAt = options.localMinutes ?? localMinutes;
  const listeners = new Set<(notification: PlannedNotification) => void>();

  function show(notification: PlannedNotification): void {
    try {
      options.notifier.notify({ title: notification.title, body: notification.body, link: notification.link });
    } catch (error) {
      // A notification that cannot be shown must not stop the change from being recorded.
      logger.warn('notification could not be shown', { error: (error as Error).message, kind: notification.kind });
    }
    for (const listener of [...listeners]) {
      try {
        listener(notification);
      } catch (error) {
        logger.error('notification listener failed', { error: (error as Error).message });
      }
    }
  }
  const grouper = createGrouper({ clock, show });

  function deliver(change: NotifiableChange): Outcome {
    const planned = describeChange(change);
    const preferences = options.preferences.get();
    if (change.kind === 'quote.expiring' ? !preferences.expiryReminders : !wantsKind(preferences, change.accountId, planned.group, change.kind)) {
      return 'not-wanted';
    }
    const silence = silenceAt(preferences, clock.now(), minutesAt(clock.now()));
    if (silence) return silence;
    // Another account on the same service (the internal key beside a client key) already announced it.
    if (change.service !== null && !options.ledger.claim(identifyChange({ ...change, accountId: `service:${change.service}` }))) return 'duplicate';
    return grouper.offer(planned, change.accountName) === 'shown' ? 'shown' : 'grouped';
  }

  return {
    handle(change) {
      const fresh = options.ledger.claim(identifyChange(change));
      // The person's own accept or decline, and its echo by webhook or sync through any account: remembered, and quiet.
      if (change.source === 'decision' || (STATUS_KINDS.has(change.kind) && options.own?.caused(change))) return 'own-decision';
      if (!fresh) return 'duplicate';
      const before = statusWords(change.oldStatus, change.access, change.quoteNumber);
      const after = statusWords(change.newStatus, change.access, change.quoteNumber);
      // SENT -> SENT_PENDING reads "Pending" to "Pending" for a client key: nothing it can see changed.
      if (STATUS_KINDS.has(change.kind) && before !== null && before === after) return 'no-visible-change';
      if (change.quoteId) options.unread.markUnread(change.accountId, [change.quoteId]);
      return deliver(change);
    },
    announce(change) {
      if (!options.ledger.claim(identifyChange(change))) return 'duplicate';
      return deliver(change);
    },
    remindExpiring(accounts) {
      const wanted = options.preferences.get().expiryReminders;
      return dueReminders(accounts, clock.now())
        .filter((reminder) => options.ledger.claim(identifyChange(reminder)))
        .map((reminder) => {
          if (wanted && reminder.quoteId) options.unread.markUnread(reminder.accountId, [reminder.quoteId]);
          return deliver(reminder);
        });
    },
    onShown(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    forgetAccount(accountId) {
      options.ledger.forgetAccount(accountId);
      options.unread.forgetAccount(accountId);
      options.preferences.forgetAccount(accountId);
    },
    async close() {
      grouper.flush();
      await Promise.all([options.ledger.flush(), options.unread.flush()]);
    },
  };
}

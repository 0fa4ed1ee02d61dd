// A burst of changes for one account (an operator revising a batch, a sync after a night
// offline) must not become a wall of pop-ups. Within a window of 10 seconds per account, the
// first 3 notifications are shown as they come; if more follow, one summary ("5 quotes
// changed at Acme") is shown when the window closes, and its click opens the inbox filtered
// to those quotes. Time comes from the Clock port, so tests move it by hand.
import { m } from '../../../i18n/paraglide/messages.js';
import { isolate } from './isolate';
import { deepLinkFor } from '../links/deep-links';
import type { Clock } from '../ports';
import type { PlannedNotification } from './types';

export const GROUP_WINDOW_MS = 10_000;
export const GROUP_THRESHOLD = 3;
/** An inbox link filters to at most this many quotes (the deep-link parser's limit). */
const MAX_FILTERED = 100;

interface Window {
  startedAt: number;
  accountName: string;
  items: PlannedNotification[];
  stop: AbortController;
}

export interface Grouper {
  offer(notification: PlannedNotification, accountName: string): 'shown' | 'held';
  /** Closes every open window now (shutdown), showing any summary due. */
  flush(): void;
}

export interface GrouperOptions {
  clock: Clock;
  show(notification: PlannedNotification): void;
  windowMs?: number;
  threshold?: number;
}

/** The one notification that stands for a burst. */
export function summarise(accountId: string, accountName: string, items: readonly PlannedNotification[]): PlannedNotification {
  const quoteIds = [...new Set(items.flatMap((item) => (item.quoteId ? [item.quoteId] : [])))];
  const allQuotes = items.every((item) => item.quoteId !== null);
  const account = isolate(accountName);
  const title = allQuotes ? m.main_notify_summary_quotes({ count: quoteIds.length, account }) : m.main_notify_summary_updates({ count: items.length, account });
  const shown = items.slice(0, 3).map((item) => item.title);
  const more = items.length - shown.length;
  const body = [...shown, ...(more > 0 ? [m.main_notify_summary_more({ count: more })] : [])].join('\n');
  const route = { view: 'inbox' as const, accountId, quoteIds: quoteIds.slice(0, MAX_FILTERED) };
  return { accountId, group: items[0]?.group ?? 'quote', kind: 'summary', title, body, link: deepLinkFor(route), route, quoteId: null };
}

export function createGrouper(options: GrouperOptions): Grouper {
  const windowMs = options.windowMs ?? GROUP_WINDOW_MS;
  const threshold = options.threshold ?? GROUP_THRESHOLD;
  const windows = new Map<string, Window>();

  function close(accountId: string, window: Window): void {
    if (windows.get(accountId) !== window) return;
    windows.delete(accountId);
    window.stop.abort();
    if (window.items.length > threshold) options.show(summarise(accountId, window.accountName, window.items));
  }

  function open(accountId: string, accountName: string, now: number): Window {
    const window: Window = { startedAt: now, accountName, items: [], stop: new AbortController() };
    windows.set(accountId, window);
    options.clock.sleep(windowMs, window.stop.signal).then(
      () => close(accountId, window),
      () => undefined, // aborted: the window was closed another way
    );
    return window;
  }

  return {
    offer(notification, accountName) {
      const now = options.clock.now();
      let window = windows.get(notification.accountId);
      if (window && now - window.startedAt >= windowMs) {
        close(notification.accountId, window);
        window = undefined;
      }
      window ??= open(notification.accountId, accountName, now);
      window.accountName = accountName;
      window.items.push(notification);
      if (window.items.length <= threshold) {
        options.show(notification);
        return 'shown';
      }
      return 'held';
    },
    flush() {
      for (const [accountId, window] of [...windows]) close(accountId, window);
    },
  };
}

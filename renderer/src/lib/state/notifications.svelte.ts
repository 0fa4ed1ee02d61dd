import { m } from '../../../../i18n/paraglide/messages.js';
import type { BridgeApi, BridgeError, NotificationPreferences, Route, ShownNotification, UnreadSummary } from '../../../../preload/contract';
import { describeFailure } from '../error-words';

export type NotificationsBridge = Pick<BridgeApi, 'notifications'> & {
  events: Pick<BridgeApi['events'], 'notifications.unreadChanged' | 'notifications.shown' | 'app.navigate'>;
};

/** The web Notification API as far as this state uses it; absent in Electron's renderer use and in old browsers. */
export interface DesktopNotifier {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  show(title: string, body: string, onclick: () => void): void;
}

export interface NotificationsHandlers {
  /** An in-app toast with an "Open" action that follows the route. */
  toast(notification: ShownNotification): void;
  navigate(route: Route): void;
}

const EMPTY: UnreadSummary = { total: 0, accounts: [] };
const DESKTOP_KEY = 'quotedesk.desktopNotifications';

/**
 * Unread counts, notification preferences and the notifications pushed from main.
 * Preference saves are optimistic: the switch moves at once and moves back, with an error
 * toast, when the save fails. Answers older than the newest request are dropped.
 */
export class NotificationsState {
  unread = $state<UnreadSummary>(EMPTY);
  preferences = $state<NotificationPreferences | null>(null);
  loadError = $state<BridgeError | null>(null);
  saving = $state(false);
  /** The person asked for desktop notifications (browser mode) and the browser allowed them. */
  desktopEnabled = $state(false);
  desktopPermission = $state<NotificationPermission | 'unsupported'>('unsupported');

  readonly #api: NotificationsBridge;
  readonly #desktop: DesktopNotifier | null;
  readonly #isHidden: () => boolean;
  readonly #storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  #unreadSequence = 0;
  #saveSequence = 0;
  /** The last preferences main confirmed: what a failed save returns to. */
  #confirmed: NotificationPreferences | null = null;
  /**
   * Preference calls go one after another: each save sends the whole object, so an earlier
   * one answering last must not be what main keeps, and a failure returns to a known state.
   */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    api: NotificationsBridge,
    options: { desktop?: DesktopNotifier | null; isHidden?: () => boolean; storage?: Pick<Storage, 'getItem' | 'setItem'> | null } = {},
  ) {
    this.#api = api;
    this.#desktop = options.desktop ?? null;
    this.#isHidden = options.isHidden ?? (() => false);
    this.#storage = options.storage ?? null;
    if (this.#desktop) {
      this.desktopPermission = this.#desktop.permission;
      this.desktopEnabled = this.#desktop.permission === 'granted' && this.#storage?.getItem(DESKTOP_KEY) === 'on';
    }
  }

  unreadOf(accountId: string): number {
    return this.unread.accounts.find((account) => account.accountId === accountId)?.count ?? 0;
  }

  isUnread(accountId: string, quoteId: string): boolean {
    return this.unread.accounts.some((account) => account.accountId === accountId && account.quoteIds.includes(quoteId));
  }

  listen(handlers: NotificationsHandlers): () => void {
    const offUnread = this.#api.events['notifications.unreadChanged']((summary) => {
      // A pushed summary is newer than any answer still on its way.
      this.#unreadSequence++;
      this.unread = summary;
    });
    const offShown = this.#api.events['notifications.shown']((notification) => {
      handlers.toast(notification);
      // The toast is always there; a desktop notification only when the tab cannot be seen,
      // so one event never draws attention twice.
      if (this.desktopEnabled && this.#desktop && this.#isHidden()) {
        this.#desktop.show(notification.title, notification.body, () => handlers.navigate(notification.route));
      }
    });
    const offNavigate = this.#api.events['app.navigate']((route) => handlers.navigate(route));
    return () => {
      offUnread();
      offShown();
      offNavigate();
    };
  }

  async load(): Promise<void> {
    await Promise.all([this.loadUnread(), this.loadPreferences()]);
  }

  async loadUnread(): Promise<void> {
    const sequence = ++this.#unreadSequence;
    const result = await this.#api.notifications.unread();
    if (sequence === this.#unreadSequence && result.ok) this.unread = result.value;
  }

  async loadPreferences(): Promise<void> {
    const sequence = ++this.#saveSequence;
    const result = await this.#inTurn(() => this.#api.notifications.preferences());
    if (sequence !== this.#saveSequence) return;
    // A save this load overtook no longer owns the busy state.
    this.saving = false;
    if (result.ok) {
      this.loadError = null;
      this.#confirmed = result.value;
      this.preferences = result.value;
    } else {
      this.loadError = result.error;
    }
  }

  /** Saves the whole object; the screen shows `next` at once and returns to the saved one on failure. */
  async save(next: NotificationPreferences, onError: (message: string) => void): Promise<boolean> {
    const sequence = ++this.#saveSequence;
    this.preferences = next;
    this.saving = true;
    const sent = $state.snapshot(next) as NotificationPreferences;
    const result = await this.#inTurn(() => this.#api.notifications.setPreferences(sent));
    // A save that went through is what a later failure returns to, even when a newer change followed it.
    if (result.ok) this.#confirmed = result.value;
    if (sequence !== this.#saveSequence) return result.ok;
    this.saving = false;
    if (result.ok) {
      this.preferences = result.value;
      return true;
    }
    this.preferences = this.#confirmed;
    onError(m.shell_notification_settings_failed({ reason: describeFailure(result.error).message }));
    return false;
  }

  async markRead(accountId: string, quoteIds?: string[]): Promise<BridgeError | null> {
    return this.#applyUnread(this.#api.notifications.markRead(quoteIds ? { accountId, quoteIds } : { accountId }));
  }

  async markUnread(accountId: string, quoteIds: string[]): Promise<BridgeError | null> {
    return this.#applyUnread(this.#api.notifications.markUnread({ accountId, quoteIds }));
  }

  /** Switches desktop notifications; asks the browser for permission only on this click. */
  async setDesktop(on: boolean): Promise<void> {
    if (!this.#desktop) return;
    if (on && this.#desktop.permission !== 'granted') {
      this.desktopPermission = await this.#desktop.requestPermission();
      on = this.desktopPermission === 'granted';
    }
    this.desktopEnabled = on;
    this.#storage?.setItem(DESKTOP_KEY, on ? 'on' : 'off');
  }

  #inTurn<T>(call: () => Promise<T>): Promise<T> {
    const turn = this.#queue.then(call);
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  async #applyUnread(call: Promise<{ ok: true; value: UnreadSummary } | { ok: false; error: BridgeError }>): Promise<BridgeError | null> {
    const sequence = ++this.#unreadSequence;
    const result = await call;
    if (!result.ok) return result.error;
    if (sequence === this.#unreadSequence) this.unread = result.value;
    return null;
  }
}

/** The browser's Notification API, or null where there is none. */
export function browserDesktopNotifier(): DesktopNotifier | null {
  if (typeof Notification === 'undefined') return null;
  return {
    get permission() {
      return Notification.permission;
    },
    requestPermission: () => Notification.requestPermission(),
    show(title, body, onclick) {
      const shown = new Notification(title, { body });
      shown.onclick = () => {
        window.focus();
        shown.close();
        onclick();
      };
    },
  };
}

/** Storage may be refused (private windows, blocked site data): the desktop switch then lasts for the tab. */
export function browserLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

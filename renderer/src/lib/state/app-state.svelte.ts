import { m } from '../../../../i18n/paraglide/messages.js';
import { untrack } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
import type { AccountView, AppInfo, BridgeApi } from '../../../../preload/contract';
import type { ConnectionMonitor } from '../bridge';
import { localPreferenceStorage, type PreferenceStorage } from '../preferences';
import { localSelectionStorage, type SelectionStorage } from '../selection-storage';
import { ThemeState } from '../theme.svelte';
import { AccountActions } from './account-actions.svelte';
import { AccountsState } from './accounts.svelte';
import { ConnectionStatus } from './connection.svelte';
import { DesktopAppState } from './desktop.svelte';
import { InboxState } from './inbox.svelte';
import { LayoutState, type MediaMatcher } from './layout.svelte';
import { NavigationState } from './navigation.svelte';
import { NotificationsState, browserDesktopNotifier, browserLocalStorage } from './notifications.svelte';
import { OfflineSettingsState } from './offline-settings.svelte';
import { OutboxState } from './outbox.svelte';
import { QuoteFinder } from './quote-finder.svelte';
import { QuoteState } from './quote.svelte';
import { ReadActions } from './read-actions.svelte';
import { RelayState } from './relay.svelte';
import { TeamState } from './team.svelte';
import { SavedViewActions } from './saved-view-actions.svelte';
import { SelectionState } from './selection.svelte';
import { SnoozeState } from './snooze.svelte';
import { followSelectionInPane, rememberInboxView, rememberPlace, restoreInboxView } from './shell-memory.svelte';
import { ToastsState } from './toasts.svelte';
import { ViewsState } from './views.svelte';
import { WebhooksState } from './webhooks.svelte';
import { InsightsState } from './insights.svelte';

export interface AppStateOptions {
  api: BridgeApi;
  /** The transport's health (browser mode reconnects); always connected when omitted. */
  connection?: ConnectionMonitor;
  storage?: SelectionStorage;
  /** How long the link to the app host may be down before the page says it is lost. */
  connectionLostAfterMs?: number;
  /** Density, reading pane, All accounts and the last view; the browser's storage when omitted. */
  preferences?: PreferenceStorage;
  /** Follows the window's width for the reading pane; window.matchMedia when omitted. */
  media?: MediaMatcher | null;
}

/**
 * Every app-wide state object of one window, built once and wired together: the shell
 * composes it, and components take it from the context (state/context.ts). Only state
 * objects hold the bridge.
 */
export class AppState {
  readonly accounts: AccountsState;
  readonly inbox: InboxState;
  readonly selection: SelectionState;
  readonly quote: QuoteState;
  readonly toasts = new ToastsState();
  /** Decisions waiting to be sent: their undo, the sidebar's count, the Activity list. */
  readonly outbox: OutboxState;
  /** The account dialogs, the shortcuts help and the palette: one at a time. */
  readonly accountActions: AccountActions;
  /** Light or dark: the system's unless the person chose (Settings -> Appearance). */
  readonly theme = new ThemeState();
  readonly notifications: NotificationsState;
  readonly read: ReadActions;
  readonly webhooks: WebhooksState;
  readonly insights: InsightsState;
  readonly relay: RelayState;
  /** The team desk: Settings → Team, the pane's thread, the team views. */
  readonly team: TeamState;
  readonly offlineSettings: OfflineSettingsState;
  readonly desktop: DesktopAppState;
  readonly link: ConnectionStatus;
  readonly navigation: NavigationState;
  readonly preferences: PreferenceStorage;
  readonly layout: LayoutState;
  readonly views: ViewsState;
  readonly savedViews: SavedViewActions;
  readonly quoteFinder: QuoteFinder;
  /** Snoozed quotes (the Snoozed view) and the snooze dialog. */
  readonly snooze: SnoozeState;

  info = $state<AppInfo | null>(null);
  /** Demo accounts are listed (the demo banner shows). */
  readonly demo: boolean;
  readonly ownAccountsListed: boolean;
  /** Whose inbox shows: null for every account's, else the selected account (null before one is). */
  readonly inboxAccount: AccountView | null;
  readonly unreadByAccount: Map<string, number>;

  readonly #api: BridgeApi;

  constructor(options: AppStateOptions) {
    const { api } = options;
    this.#api = api;
    this.accounts = new AccountsState(api, options.storage ?? localSelectionStorage());
    this.inbox = new InboxState(api);
    this.selection = new SelectionState(this.inbox, api);
    this.quote = new QuoteState(api);
    this.accountActions = new AccountActions(this.accounts, this.toasts, this.inbox);
    this.notifications = new NotificationsState(api, { desktop: browserDesktopNotifier(), isHidden: () => document.hidden, storage: browserLocalStorage() });
    this.webhooks = new WebhooksState(api);
    this.insights = new InsightsState(api);
    this.relay = new RelayState(api);
    this.team = new TeamState(api);
    this.offlineSettings = new OfflineSettingsState(api);
    this.desktop = new DesktopAppState(api);
    this.link = new ConnectionStatus(options.connection, options.connectionLostAfterMs === undefined ? {} : { lostAfterMs: options.connectionLostAfterMs });
    const { accounts, inbox, quote, notifications, webhooks, toasts } = this;
    this.navigation = new NavigationState({ accounts, inbox, quote, notifications, webhooks, toasts, dialogs: this.accountActions });
    this.read = new ReadActions({ notifications, toasts, navigation: this.navigation, accounts });
    this.preferences = options.preferences ?? localPreferenceStorage();
    this.layout = options.media === undefined ? new LayoutState(this.preferences) : new LayoutState(this.preferences, options.media);
    this.views = new ViewsState(api);
    this.savedViews = new SavedViewActions({ views: this.views, navigation: this.navigation, inbox, accounts, toasts });
    this.quoteFinder = new QuoteFinder(api);
    this.outbox = new OutboxState(api);
    this.snooze = new SnoozeState(api, { inbox, views: this.views, toasts });
    // Derived from the list (as main does for app.info) so demo mode coming back after the
    // last account is removed shows its banner without another app.info round trip.
    this.demo = $derived(accounts.accounts.some((account) => account.demo));
    this.ownAccountsListed = $derived(accounts.accounts.some((account) => !account.demo));
    this.inboxAccount = $derived(this.navigation.allAccounts && accounts.accounts.length > 0 ? null : accounts.selected);
    this.unreadByAccount = $derived(new SvelteMap(notifications.unread.accounts.map((each) => [each.accountId, each.count])));
  }

  /**
   * The one unread figure of the window (its title and the All accounts badge), main's own
   * total as the tray and the dock badge show it: quotes, not rows, so a quote unread through
   * a client key and the internal key of one service counts once.
   */
  get unreadTotal(): number {
    return this.notifications.unread.total;
  }

  /** The page cannot reach Quotedesk at all (no launch token, or one from an earlier launch). */
  get shut(): boolean {
    return this.link.noAccess || this.link.refused;
  }

  /** A dialog the app opened is showing: the window's shortcuts wait. */
  get dialogOpen(): boolean {
    return this.accountActions.dialog !== null || this.views.dialog !== null || this.snooze.target !== null;
  }

  accountName(accountId: string): string {
    return this.accounts.accounts.find((account) => account.id === accountId)?.name ?? m.shell_removed_account();
  }

  /**
   * The effects that keep the window where the person left it and in step with itself. Call
   * while the app component is created: effects belong to a component.
   */
  follow(): void {
    const { navigation, views, accounts, inbox, layout, toasts } = this;
    rememberPlace(navigation, this.preferences);
    restoreInboxView(navigation, views, accounts, (message) => toasts.show('info', message));
    rememberInboxView(inbox, views);
    followSelectionInPane(layout, inbox, navigation, this.quote);
    // A different account (or all of them) opens its own inbox; status updates of the same account do not.
    $effect(() => navigation.showChosenInbox());
    // A team view on screen, and the saved views' counts, follow the team: an assignment or a
    // decision that arrived moves their quotes.
    $effect(() => {
      void this.team.mine;
      untrack(() => {
        inbox.teamMoved();
        views.teamMoved();
      });
    });
    // The tab (and the taskbar entry) tells how many quotes changed since they were last opened.
    $effect(() => {
      const total = this.unreadTotal;
      document.title = total > 0 ? `(${total}) Quotedesk` : 'Quotedesk';
    });
  }

  /** Loads and listens once the shell is mounted; the answer stops it all. */
  start(): () => void {
    const { accounts, inbox, notifications, webhooks, navigation, views, toasts } = this;
    const dispose = () => {
      toasts.dispose();
      this.theme.dispose();
      this.layout.dispose();
    };
    // Without this launch's token nothing can load; the page only says how to get in.
    if (this.shut) return dispose;
    const stopListening = accounts.listen();
    const stopInbox = inbox.listen();
    // Whatever failed while the host was away is fetched again once it is back.
    const stopWatchingLink = this.link.listen(() => {
      void accounts.load();
      void inbox.refresh();
      void notifications.load();
      void webhooks.loadOverview();
      if (navigation.view === 'activity') void webhooks.loadActivity();
    });
    void this.#api.app.info().then((result) => {
      if (result.ok) this.info = result.value;
    });
    void accounts.load();
    void views.load();
    const stopViews = views.listen((id) => accounts.accounts.some((account) => account.id === id));
    // A view typed a moment ago is written down before the page goes (a reload, the window closing).
    const flushViews = () => views.flush();
    window.addEventListener('pagehide', flushViews);
    const stopNotifications = notifications.listen({
      // In Electron main shows the system's own notification: a toast as well would say it twice.
      toast: (shown) => {
        if (this.info?.host !== 'electron') toasts.notify(shown.title, shown.body, { label: m.shell_toast_open(), run: () => navigation.followRoute(shown.route) });
      },
      navigate: (route) => navigation.followRoute(route),
    });
    void notifications.load();
    const stopWebhooks = webhooks.listen();
    const stopSnoozes = this.snooze.listen();
    void this.snooze.load();
    void webhooks.loadOverview();
    const stopOutbox = this.outbox.listen();
    void this.outbox.load();
    const stopInsights = this.insights.listen(() => navigation.view === 'insights');
    const stopTeam = this.team.listen();
    void this.team.load();
    return () => {
      stopTeam();
      stopOutbox();
      stopInsights();
      window.removeEventListener('pagehide', flushViews);
      stopViews();
      stopWebhooks();
      stopSnoozes();
      stopNotifications();
      stopListening();
      stopWatchingLink();
      stopInbox();
      dispose();
    };
  }
}

import { m } from '../../../../i18n/paraglide/messages.js';
import { untrack } from 'svelte';
import type { Route, TeamInboxView, ViewQuery } from '../../../../preload/contract';
import type { InboxRow } from '../inbox-bridge';
import type { AccountActions } from './account-actions.svelte';
import type { AccountsState } from './accounts.svelte';
import type { InboxState } from './inbox.svelte';
import type { NotificationsState } from './notifications.svelte';
import type { QuoteRef, QuoteState } from './quote.svelte';
import type { ToastsState } from './toasts.svelte';
import { TriageAdvance } from './triage-advance.svelte';
import type { WebhooksState } from './webhooks.svelte';

/** What the main column beside the sidebar shows. */
export type ShellView = 'inbox' | 'settings' | 'quote' | 'activity' | 'snoozed' | 'insights';

/** The confirmation `a`/`d` asked for, opened by the quote view once the quote is read. */
export type QuoteIntent = 'accept' | 'decline' | null;

/** A confirmation asked for (`a`/`d` beside the list, the palette): it opens over the quote on screen once that is this quote. */
export interface DecisionIntent {
  quoteId: string;
  intent: 'accept' | 'decline';
}

/** The states a move between views touches: each only through what navigating needs of it. */
export interface NavigationParts {
  accounts: Pick<AccountsState, 'accounts' | 'selectedId' | 'select'>;
  inbox: Pick<InboxState, 'open' | 'openTeam' | 'team' | 'showQuotes' | 'applyView' | 'activeRow' | 'activeMoves' | 'rowAt' | 'total'>;
  quote: Pick<QuoteState, 'open' | 'close' | 'isShown' | 'showsQuote'>;
  notifications: Pick<NotificationsState, 'isUnread' | 'markRead'>;
  webhooks: Pick<WebhooksState, 'loadActivity'>;
  toasts: Pick<ToastsState, 'error'>;
  dialogs: Pick<AccountActions, 'dismiss'>;
}

/**
 * Where the person is in the shell: which view fills the main column, whose inbox it is
 * (one account or all of them), and the quote open on top of it. Every way of getting
 * somewhere goes through here: the sidebar, a row of the inbox, a shortcut, a notification.
 */
export class NavigationState {
  view = $state<ShellView>('inbox');
  quoteIntent = $state<QuoteIntent>(null);
  /** The confirmation asked for over the quote on screen; the quote view opens it and clears this. */
  decisionIntent = $state<DecisionIntent | null>(null);
  /** After a decision, the next quote of the view in front of the person (and announced). */
  readonly triage: TriageAdvance;
  /**
   * A decision's dialog is open over the reading pane: the pane keeps its quote while the list
   * moves under it (the decided quote leaving a filtered view), or the dialog would lose it.
   */
  paneHeld = false;
  /** The quote the pane shows from glanceRow, not marked read yet. */
  #glanced: string | null = null;
  /** The inbox shows every account's quotes rather than the selected account's. */
  allAccounts = $state(false);

  /**
   * How many times the person (or a notification, a link) moved the inbox elsewhere since
   * start: the last view, read a moment after start, must not undo a move made meanwhile.
   */
  moves = 0;

  readonly #parts: NavigationParts;
  /**
   * The scope the inbox shows (an account id, null for all), undefined before the first. A
   * route or a view puts its scope on screen with its filters: the scope change that follows
   * must not reopen it bare.
   */
  #shownScope: string | null | undefined;

  constructor(parts: NavigationParts) {
    this.#parts = parts;
    // The pane that showed the decided quote shows the next one; a closed full view leaves it to the list.
    this.triage = new TriageAdvance(parts.inbox, (row, decidedId) => {
      if (this.view === 'inbox' && parts.quote.showsQuote(decidedId)) this.previewRow(row);
    });
  }

  /**
   * Opens the inbox of the chosen scope (the selected account, or all of them) from the top.
   * Run from an effect: it reads the choice, so a different account (or all of them) opens
   * its own inbox while status updates of the same account do not.
   */
  showChosenInbox(): void {
    const id = this.allAccounts ? null : this.#parts.accounts.selectedId;
    if (!this.allAccounts && id === null) return;
    if (this.#shownScope === id) return;
    this.#shownScope = id;
    untrack(() => this.#parts.inbox.open(id));
  }

  /** A notification, a tray click or a quotedesk:// link: the quote, or the inbox filtered to its quotes. */
  followRoute(route: Route): void {
    const { accounts, inbox } = this.#parts;
    this.moves++;
    if (route.view === 'quote') {
      if (accounts.accounts.some((account) => account.id === route.accountId)) accounts.select(route.accountId);
      this.openQuote({ accountId: route.accountId, quoteId: route.quoteId });
      return;
    }
    if (route.accountId !== null && !accounts.accounts.some((account) => account.id === route.accountId)) {
      this.#parts.toasts.error(m.shell_notification_account_gone());
      return;
    }
    this.#parts.dialogs.dismiss();
    this.view = 'inbox';
    this.#shownScope = route.accountId;
    if (route.accountId === null) this.allAccounts = true;
    else {
      accounts.select(route.accountId);
      this.allAccounts = false;
    }
    inbox.showQuotes(route.accountId, route.quoteIds);
  }

  /**
   * A saved view (or, with `restoring`, the one the app was left on): its account or All
   * accounts, and its search, status, filters and order. A view of an account Quotedesk no
   * longer has opens on All accounts: the answer says so, for the caller to tell the person.
   * Restoring keeps the view around the inbox (Settings stays Settings) and any dialog.
   */
  openView(query: ViewQuery, options: { restoring?: boolean } = {}): { fellBack: boolean } {
    const { accounts, inbox } = this.#parts;
    const fellBack = query.accountId !== null && !accounts.accounts.some((account) => account.id === query.accountId);
    const scope = fellBack ? null : query.accountId;
    if (!options.restoring) {
      this.moves++;
      this.#parts.dialogs.dismiss();
      this.#backToInbox();
    }
    this.#shownScope = scope;
    if (scope === null) this.allAccounts = true;
    else {
      accounts.select(scope);
      this.allAccounts = false;
    }
    inbox.applyView(scope, query);
    return { fellBack };
  }

  /** A team view of the sidebar (Assigned to me, ...): the inbox of every account, narrowed to its quotes. */
  openTeamView(team: TeamInboxView): void {
    this.moves++;
    this.#parts.dialogs.dismiss();
    this.#backToInbox();
    this.#shownScope = null;
    this.allAccounts = true;
    this.#parts.inbox.openTeam(team);
  }

  selectAccount(id: string): void {
    this.moves++;
    this.#parts.accounts.select(id);
    this.allAccounts = false;
    this.#backToInbox();
  }

  selectAllAccounts(): void {
    this.moves++;
    // From a team view (already over every account): every quote again.
    if (this.#parts.inbox.team !== null) {
      this.#shownScope = null;
      untrack(() => this.#parts.inbox.open(null));
    }
    this.allAccounts = true;
    this.#backToInbox();
  }

  /**
   * From the full view (or Settings) back to the inbox. A quote in the reading pane stays: the
   * same account chosen again leaves it as it is (closing it would have the pane read the
   * selected row again, marking it read behind the person's back); another account's inbox
   * empties the pane by itself (the selection goes with the old list).
   */
  #backToInbox(): void {
    if (this.view === 'quote') this.closeQuote();
    else this.view = 'inbox';
  }

  /**
   * The one way a quote opens (Enter or a click on a row, `a`/`d`, a notification, a link):
   * the quote view, with its accept or decline confirmation when `intent` says so. Opening
   * it marks it read.
   */
  openQuote(ref: QuoteRef, intent: QuoteIntent = null): void {
    const { quote, notifications } = this.#parts;
    this.moves++;
    this.quoteIntent = intent;
    this.view = 'quote';
    void quote.open(ref);
    if (notifications.isUnread(ref.accountId, ref.quoteId)) void notifications.markRead(ref.accountId, [ref.quoteId]);
  }

  /**
   * The reading pane follows the selected row: its quote is read (and marked read, as opening
   * it would) unless the pane shows it already. The view stays the inbox.
   */
  previewRow(row: InboxRow): void {
    const { quote, notifications } = this.#parts;
    if (this.paneHeld) return;
    // Shown already, through whichever account sees it: the row naming another account first
    // after a change (a decision, a sync) must not switch the account picked under "Decide as".
    // A quote glanced at (glanceRow) is shown but not read yet: it is marked read now.
    if (quote.showsQuote(row.quoteId) && this.#glanced !== row.quoteId) return;
    if (!quote.showsQuote(row.quoteId)) void quote.open({ accountId: row.accountId, quoteId: row.quoteId });
    this.#glanced = null;
    if (notifications.isUnread(row.accountId, row.quoteId)) void notifications.markRead(row.accountId, [row.quoteId]);
  }

  /**
   * The reading pane shows the selected row's quote at once, from the cache, without marking
   * it read: j held down passes over rows, and only the one it stops on (previewRow, after a
   * pause) is read. Unless the pane shows it already or holds another.
   */
  glanceRow(row: InboxRow): void {
    const { quote } = this.#parts;
    if (this.paneHeld || quote.showsQuote(row.quoteId)) return;
    this.#glanced = row.quoteId;
    void quote.open({ accountId: row.accountId, quoteId: row.quoteId });
  }

  /**
   * `a`/`d` while the list and the reading pane stand side by side: the pane shows the row's
   * quote (at once, not after the preview's pause) and opens the confirmation over it; the
   * view stays the inbox, so nothing switches behind the dialog.
   */
  decideInPane(row: InboxRow, intent: 'accept' | 'decline'): void {
    this.previewRow(row);
    this.askDecision(row.quoteId, intent);
  }

  /** The accept or decline confirmation over the quote on screen (the reading pane or the full view). */
  askDecision(quoteId: string, intent: 'accept' | 'decline'): void {
    this.decisionIntent = { quoteId, intent };
  }

  /** Nothing selected (another account, a new search): the pane empties rather than show a quote of the list before. */
  clearPreview(): void {
    if (this.view === 'inbox') this.#parts.quote.close();
  }

  /**
   * A quote found across every account (the palette): opened through the account on screen
   * when that account sees it too, so the inbox stays where it was; else the inbox moves to
   * the row's account (in All accounts it stays there).
   */
  openFound(row: InboxRow): void {
    const current = this.allAccounts ? null : this.#parts.accounts.selectedId;
    if (current !== null && row.accounts.some((seen) => seen.accountId === current)) {
      this.openRow({ ...row, accountId: current });
      return;
    }
    if (!this.allAccounts && this.#parts.accounts.accounts.some((account) => account.id === row.accountId)) this.selectAccount(row.accountId);
    this.openRow(row);
  }

  openRow(row: InboxRow, intent: QuoteIntent = null): void {
    this.openQuote({ accountId: row.accountId, quoteId: row.quoteId }, intent);
  }

  /** Back to the inbox: it comes back with the keyboard on the row the quote was opened from. */
  closeQuote(): void {
    this.#parts.quote.close();
    this.quoteIntent = null;
    this.view = 'inbox';
  }

  toggleSettings(): void {
    this.view = this.view === 'settings' ? 'inbox' : 'settings';
  }

  /** The activity view toggles like settings; each opening reads the log afresh. */
  toggleActivity(): void {
    if (this.view === 'activity') {
      this.view = 'inbox';
      return;
    }
    this.view = 'activity';
    void this.#parts.webhooks.loadActivity();
  }

  /** The Snoozed view, or back to the inbox from it. */
  toggleSnoozed(): void {
    this.view = this.view === 'snoozed' ? 'inbox' : 'snoozed';
  }

  /** The Insights view toggles like settings; it counts the inbox's selection as it stands. */
  toggleInsights(): void {
    this.view = this.view === 'insights' ? 'inbox' : 'insights';
  }
}

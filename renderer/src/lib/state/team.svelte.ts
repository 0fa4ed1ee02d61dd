import { m } from '../../../../i18n/paraglide/messages.js';
import { TEAM_INBOX_VIEWS } from '../../../../preload/contract/plain/team-views';
import { TeamRowMarks } from './team-marks.svelte';
import type { BridgeApi, BridgeError, Result, TeamChange, TeamInboxView, TeamMemberInput, TeamMine, TeamQuoteInput, TeamServerInput, TeamSetupInput, TeamThread, TeamView } from '../../../../preload/contract';

export type TeamBridge = Pick<BridgeApi, 'team' | 'views' | 'inbox'> & { events: Pick<BridgeApi['events'], 'team.changed' | 'team.quotesChanged' | 'inbox.changed'> };

/** The team views of the inbox, in the sidebar's order. */
export const TEAM_VIEWS: readonly TeamInboxView[] = TEAM_INBOX_VIEWS;
/** A burst of cache changes (a sync pass) recounts the team views once. */
const RECOUNT_SETTLE_MS = 200;

/** A team view as the sidebar lists it. */
export interface TeamSidebarView {
  team: TeamInboxView;
  /** As the inbox counts it (views.counts over the same filter); null until counted. */
  count: number | null;
  /** The inbox shows this view. */
  current: boolean;
}

/**
 * The team desk in the window (Settings → Team, the reading pane's thread, the team views):
 * the team as main knows it, pushed on 'team.changed'; a quote's thread read again when
 * 'team.quotesChanged' names it. Only the newest answer is kept.
 */
export class TeamState {
  view = $state<TeamView | null>(null);
  loadError = $state<BridgeError | null>(null);
  busy = $state<string | null>(null);
  mine = $state<TeamMine>({ assignedToMe: [], waitingForMe: [], myRequests: [] });
  /** Each team view's count as the inbox reads it (the snoozed and quotes not on this computer left out); null until counted. */
  counts = $state<Record<TeamInboxView, number> | null>(null);
  #countSequence = 0;
  #recountTimer: ReturnType<typeof setTimeout> | undefined;
  /** The quotes whose threads moved, with a counter each move: a pane showing one reads it again. */
  quoteMoves = $state<Record<string, number>>({});
  /** The thread of the quote the pane shows, and which quote it is. */
  thread = $state<{ quoteId: string; thread: TeamThread } | null>(null);
  threadError = $state<BridgeError | null>(null);
  /** Asked from the keyboard (`=`) or the palette: the pane's thread opens its assignee picker. */
  assignAsked = $state(0);
  approvalAsked = $state(0);
  #threadSequence = 0;

  readonly #api: TeamBridge;
  #sequence = 0;
  /** The inbox rows' marks (assignee, approval), read per window of rows while admitted. */
  readonly rows: TeamRowMarks;

  constructor(api: TeamBridge) {
    this.#api = api;
    this.rows = new TeamRowMarks(api, () => this.admitted);
  }

  get joined(): boolean {
    return this.view?.joined === true;
  }

  /** Admitted (not pending, not removed): may assign, write notes and ask for approvals. */
  get admitted(): boolean {
    const role = this.view?.role;
    return role === 'member' || role === 'approver' || role === 'admin';
  }

  listen(): () => void {
    const stops = [
      this.#api.events['team.changed']((view) => {
        this.#sequence++;
        this.view = view;
        this.rows.reread();
        void this.loadMine();
      }),
      this.#api.events['team.quotesChanged'](({ quoteIds }) => {
        const moves = { ...this.quoteMoves };
        for (const id of quoteIds) moves[id] = (moves[id] ?? 0) + 1;
        this.quoteMoves = moves;
        this.rows.moved(quoteIds);
        void this.loadMine();
      }),
      // New quotes synced (or snoozed ones woken) move what a team view counts.
      this.#api.events['inbox.changed'](() => {
        if (!this.admitted) return;
        clearTimeout(this.#recountTimer);
        this.#recountTimer = setTimeout(() => void this.loadCounts(), RECOUNT_SETTLE_MS);
      }),
    ];
    return () => {
      clearTimeout(this.#recountTimer);
      stops.forEach((stop) => stop());
    };
  }

  async load(): Promise<void> {
    const sequence = ++this.#sequence;
    const result = await this.#api.team.state();
    if (sequence !== this.#sequence) return;
    this.loadError = result.ok ? null : result.error;
    if (result.ok) this.view = result.value;
    this.rows.reread();
    await this.loadMine();
  }

  async loadMine(): Promise<void> {
    const result = await this.#api.team.mine();
    if (result.ok) this.mine = result.value;
    await this.loadCounts();
  }

  /** The team views' counts in one views.counts call, read as inbox.query reads the views; none off a team. */
  async loadCounts(): Promise<void> {
    const sequence = ++this.#countSequence;
    if (!this.admitted) {
      this.counts = null;
      return;
    }
    const result = await this.#api.views.counts({ selections: TEAM_VIEWS.map((team) => ({ team })) });
    if (sequence !== this.#countSequence || !result.ok) return;
    this.counts = Object.fromEntries(TEAM_VIEWS.map((team, index) => [team, result.value.counts[index] ?? 0])) as Record<TeamInboxView, number>;
  }

  /** The sidebar's team views: only on a team that admitted me (a pending member has nothing assigned). */
  sidebarViews(shown: TeamInboxView | null): TeamSidebarView[] {
    if (!this.admitted) return [];
    return TEAM_VIEWS.map((team) => ({ team, count: this.counts?.[team] ?? null, current: shown === team }));
  }

  async #setup(kind: 'create' | 'join' | 'leave' | 'server', work: () => Promise<Result<TeamView>>): Promise<Result<TeamView>> {
    this.busy = kind;
    const sequence = ++this.#sequence;
    try {
      const result = await work();
      if (result.ok && sequence === this.#sequence) this.view = result.value;
      return result;
    } finally {
      this.busy = null;
    }
  }

  create(input: TeamSetupInput): Promise<Result<TeamView>> {
    return this.#setup('create', () => this.#api.team.create(input));
  }

  join(input: TeamSetupInput): Promise<Result<TeamView>> {
    return this.#setup('join', () => this.#api.team.join(input));
  }

  leave(): Promise<Result<TeamView>> {
    return this.#setup('leave', () => this.#api.team.leave());
  }

  /** A new server or new credentials for the team (the relay on the team's server follows). */
  setServer(input: TeamServerInput): Promise<Result<TeamView>> {
    return this.#setup('server', () => this.#api.team.setServer(input));
  }

  async #change(what: string, work: () => Promise<Result<TeamChange>>): Promise<Result<TeamChange>> {
    this.busy = what;
    try {
      return await work();
    } finally {
      this.busy = null;
    }
  }

  admit(input: TeamMemberInput): Promise<Result<TeamChange>> {
    return this.#change('admit', () => this.#api.team.admit(input));
  }

  remove(email: string): Promise<Result<TeamChange>> {
    return this.#change('remove', () => this.#api.team.remove({ email }));
  }

  setPolicy(accountId: string, over: Record<string, number>): Promise<Result<TeamChange>> {
    return this.#change('policy', () => this.#api.team.setPolicy({ accountId, over }));
  }

  /** `=` or the palette: the thread on screen opens its assignee picker. */
  askAssign(): void {
    this.assignAsked++;
  }

  /** The palette: the thread on screen opens its approval request. */
  askApproval(): void {
    this.approvalAsked++;
  }

  /** Reads the quote's thread (again); an answer for a quote no longer shown is dropped. */
  async loadThread(quote: TeamQuoteInput | null): Promise<void> {
    const sequence = ++this.#threadSequence;
    if (!quote || !this.joined) {
      this.thread = null;
      return;
    }
    const result = await this.#api.team.thread(quote);
    if (sequence !== this.#threadSequence) return;
    this.threadError = result.ok ? null : result.error;
    this.thread = result.ok ? { quoteId: quote.quoteId, thread: result.value } : null;
  }

  /**
   * Why Accept is held back for this quote (the team's policy needs an approval of its current
   * revision and there is none yet), or null when it may be pressed. The core's reading alone.
   */
  acceptBlocked(quoteId: string | null | undefined): string | null {
    const shown = this.thread;
    if (!quoteId || !shown || shown.quoteId !== quoteId || shown.thread.accept.allowed) return null;
    return shown.thread.accept.reason ?? "the team's policy needs an approval first";
  }

  assign(quote: TeamQuoteInput, email: string | null): Promise<Result<TeamChange>> {
    return this.#change('assign', () => this.#api.team.assign({ ...quote, email }));
  }

  note(quote: TeamQuoteInput, text: string): Promise<Result<TeamChange>> {
    return this.#change('note', () => this.#api.team.note({ ...quote, text }));
  }

  requestApproval(quote: TeamQuoteInput, approver: string, comment: string): Promise<Result<TeamChange>> {
    return this.#change('request', () => this.#api.team.requestApproval({ ...quote, approver, comment }));
  }

  decide(quote: TeamQuoteInput, approved: boolean, comment: string): Promise<Result<TeamChange>> {
    return this.#change('decide', () => this.#api.team.decide({ ...quote, approved, comment }));
  }
}

/** A change as the person reads it: sent, waiting (offline) or refused with why. */
export function changeWords(change: TeamChange, done: string): string {
  if (change.outcome === 'sent') return done;
  if (change.outcome === 'queued') return change.reason ? m.team_change_queued_reason({ done, reason: change.reason }) : m.team_change_queued({ done });
  return change.reason ? m.team_change_refused({ reason: change.reason }) : m.team_change_refused_changed();
}

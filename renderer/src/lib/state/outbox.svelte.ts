import type { BridgeApi, BridgeError } from '../../../../preload/contract';
import type { DecisionSettings, OutboxEntry, SentDecision, StartReport } from '../../../../preload/contract/bridge/decisions';
import { toDecisionOutcome } from '../decision-outcome';
import { m } from '../../../../i18n/paraglide/messages.js';
import type { DecisionOutcome } from '../decision-outcome';

export type OutboxBridge = Pick<BridgeApi, 'decisions' | 'events'>;

/**
 * The decisions waiting to be sent, as main's outbox holds them (decisions.outbox, then each
 * 'decisions.outboxChanged'), how each one ended ('decisions.sent'), the undo window setting,
 * and the undo itself: of one decision, or of the latest one still in its window (Ctrl/Cmd+Z).
 */
export class OutboxState {
  entries = $state<OutboxEntry[]>([]);
  /** How each decision of this session's outbox ended, by its entry id. */
  ended = $state<Record<string, DecisionOutcome>>({});
  settings = $state<DecisionSettings | null>(null);
  /** What became of the decisions a run left waiting (sent at start, or held and why), until dismissed: Activity lists them. */
  startReports = $state<StartReport[]>([]);
  error = $state<BridgeError | null>(null);

  readonly #api: OutboxBridge;

  constructor(api: OutboxBridge) {
    this.#api = api;
  }

  /** Decisions that wait (in their window, for the service, or held): the sidebar's count. */
  get count(): number {
    return this.entries.length;
  }

  /** The decision of this quote in the outbox, if any: the row and the pane say so. */
  entryFor(accountId: string, quoteId: string): OutboxEntry | null {
    return this.entries.find((entry) => entry.accountId === accountId && entry.quoteId === quoteId) ?? null;
  }

  /** The newest decision still inside its undo window. */
  get latestUndoable(): OutboxEntry | null {
    return this.entries.filter((entry) => entry.state === 'undo').at(-1) ?? null;
  }

  async load(): Promise<void> {
    const [entries, settings, reports] = await Promise.all([this.#api.decisions.outbox(), this.#api.decisions.settings(), this.#api.decisions.startReports()]);
    if (entries.ok) this.entries = entries.value;
    if (settings.ok) this.settings = settings.value;
    // Without them Activity lists less; the outbox itself still works.
    if (reports.ok) this.startReports = reports.value;
    this.error = !entries.ok ? entries.error : !settings.ok ? settings.error : null;
  }

  listen(): () => void {
    const stops = [
      this.#api.events['decisions.outboxChanged'](({ entries }) => (this.entries = entries)),
      this.#api.events['decisions.startReportsChanged'](({ reports }) => (this.startReports = reports)),
      this.#api.events['decisions.sent']((sent: SentDecision) => {
        this.ended = { ...this.ended, [sent.entryId]: toDecisionOutcome({ ok: true, value: sent.result }) };
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }

  /** Undoes or cancels one; resolves with main's words when it could not (it was being sent). */
  async cancel(id: string): Promise<string | null> {
    const result = await this.#api.decisions.cancel({ id });
    if (!result.ok) return result.error.message;
    this.entries = result.value;
    this.ended = { ...this.ended, [id]: { outcome: 'undone', message: m.activity_outbox_undone() } };
    return null;
  }

  /** Ctrl/Cmd+Z: the latest decision still in its window; null when there was none to undo. */
  async undoLatest(): Promise<string | null> {
    const latest = this.latestUndoable;
    if (!latest) return null;
    const quote = latest.quoteNumber ?? m.activity_start_some_quote();
    return (await this.cancel(latest.id)) ?? (latest.decision === 'accept' ? m.activity_outbox_undone_accept({ quote }) : m.activity_outbox_undone_decline({ quote }));
  }

  /** The person has read one report (or, without an id, all); resolves with main's words when it could not be removed. */
  async dismissStartReports(entryId?: string): Promise<string | null> {
    const result = entryId === undefined ? await this.#api.decisions.dismissStartReports() : await this.#api.decisions.dismissStartReport({ entryId });
    if (!result.ok) return result.error.message;
    this.startReports = result.value;
    return null;
  }

  async setUndoSeconds(undoSeconds: number): Promise<void> {
    const before = this.settings;
    this.settings = { undoSeconds };
    const result = await this.#api.decisions.setSettings({ undoSeconds });
    if (result.ok) this.settings = result.value;
    else {
      this.settings = before;
      this.error = result.error;
    }
  }
}

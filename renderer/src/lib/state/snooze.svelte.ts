import type { BridgeApi, Snooze } from '../../../../preload/contract';
import type { InboxRow } from '../inbox-bridge';
import { isoOf, wakeTimeWords } from '../snooze-words';
import { describeFailure } from '../error-words';
import { m } from '../../../../i18n/paraglide/messages.js';
import type { InboxState } from './inbox.svelte';
import type { ToastsState } from './toasts.svelte';
import type { ViewsState } from './views.svelte';

/** The quote a snooze dialog is about: what its choices need ("before it expires" reads its validity). */
export interface SnoozeTarget {
  accountId: string;
  quoteId: string;
  quoteNumber: string | null;
  validUntil: string | null;
}

/** A row of the inbox as the snooze dialog's quote. */
export function snoozeTargetOf(row: Pick<InboxRow, 'accountId' | 'quoteId' | 'quoteNumber' | 'validUntil'>): SnoozeTarget {
  return { accountId: row.accountId, quoteId: row.quoteId, quoteNumber: row.quoteNumber, validUntil: row.validUntil };
}

export interface SnoozeParts {
  inbox: Pick<InboxState, 'refresh'>;
  views: Pick<ViewsState, 'recount'>;
  toasts: Pick<ToastsState, 'show' | 'error'>;
}

/**
 * The snoozed quotes (the Snoozed view and its sidebar count) and the snooze dialog. Main
 * keeps the snoozes and leaves them out of every view; when they move (snoozed, woken,
 * unsnoozed), the inbox and the saved views' counts are read again so the two agree.
 */
export class SnoozeState {
  snoozes = $state<Snooze[]>([]);
  /** The quote the snooze dialog is open for, or null. */
  target = $state<SnoozeTarget | null>(null);
  busy = $state(false);
  /** Why the last snooze was refused, shown in the dialog. */
  error = $state<string | null>(null);

  readonly #api: Pick<BridgeApi, 'snooze' | 'events'>;
  readonly #parts: SnoozeParts;

  constructor(api: Pick<BridgeApi, 'snooze' | 'events'>, parts: SnoozeParts) {
    this.#api = api;
    this.#parts = parts;
  }

  get count(): number {
    return this.snoozes.length;
  }

  async load(): Promise<void> {
    const result = await this.#api.snooze.list();
    if (result.ok) this.snoozes = result.value;
  }

  /** Follows main's snoozes until the returned function is called. */
  listen(): () => void {
    return this.#api.events['snooze.changed']((snoozes) => this.#follow(snoozes));
  }

  open(target: SnoozeTarget): void {
    this.error = null;
    this.target = target;
  }

  close(): void {
    if (!this.busy) this.target = null;
  }

  /** Snoozes the dialog's quote until `until` (ms); true when main kept it. */
  async snoozeUntil(until: number): Promise<boolean> {
    const target = this.target;
    if (!target || this.busy) return false;
    this.busy = true;
    this.error = null;
    const result = await this.#api.snooze.set({ accountId: target.accountId, quoteId: target.quoteId, until: isoOf(until) });
    this.busy = false;
    if (!result.ok) {
      this.error = describeFailure(result.error).message;
      return false;
    }
    this.target = null;
    this.#follow(result.value);
    const when = wakeTimeWords(until);
    this.#parts.toasts.show('success', target.quoteNumber ? m.inbox_snoozed_toast({ number: target.quoteNumber, when }) : m.inbox_snoozed_toast_unnumbered({ when }));
    return true;
  }

  async unsnooze(quoteId: string): Promise<void> {
    const result = await this.#api.snooze.clear({ quoteId });
    if (!result.ok) {
      this.#parts.toasts.error(describeFailure(result.error).message);
      return;
    }
    this.#follow(result.value);
  }

  #follow(snoozes: Snooze[]): void {
    this.snoozes = snoozes;
    void this.#parts.inbox.refresh();
    void this.#parts.views.recount();
  }
}

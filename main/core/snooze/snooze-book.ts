// The snoozed quotes: one snooze per quote (whichever account's key sees it), the quotes the
// inbox leaves out, and which are due to wake. Pure and in memory; the feature keeps it on
// disk (snooze-file.ts) and wakes it on the clock.
import type { Snooze } from '../../../preload/contract/bridge/snooze';
import { SNOOZES_MAX } from '../../../preload/contract/bridge/snooze';
import { saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';

/** What the cache says of the quote, shown in the Snoozed view and the notification. */
export type SnoozedQuoteFacts = Pick<Snooze, 'quoteNumber' | 'projectName' | 'companyName'>;

export interface SnoozeBook {
  /** Every snooze, soonest to wake first. */
  list(): Snooze[];
  /** The quote ids the inbox's views leave out now. */
  hidden(): ReadonlySet<string>;
  get(quoteId: string): Snooze | undefined;
  /** Snoozes (or snoozes again) a quote; refuses a time not after `now`. */
  set(request: { accountId: string; quoteId: string; until: string }, facts: SnoozedQuoteFacts, now: number): Snooze;
  /** Ends a snooze early; the snooze it was, or null when the quote was not snoozed. */
  clear(quoteId: string): Snooze | null;
  /** Ends and returns the snoozes whose time has come. */
  wakeDue(now: number): Snooze[];
  /** When the next snooze wakes, or null without any. */
  nextWake(): number | null;
}

export function createSnoozeBook(initial: readonly Snooze[] = []): SnoozeBook {
  const snoozes = new Map(initial.map((snooze) => [snooze.quoteId, snooze]));
  let hidden: ReadonlySet<string> | null = null;
  const changed = () => (hidden = null);
  const list = () => [...snoozes.values()].sort((a, b) => Date.parse(a.until) - Date.parse(b.until));
  return {
    list,
    hidden: () => (hidden ??= new Set(snoozes.keys())),
    get: (quoteId) => snoozes.get(quoteId),
    set({ accountId, quoteId, until }, facts, now) {
      const at = Date.parse(until);
      if (!(at > now)) throw saidError('invalid-input', m.main_snooze_time_past());
      if (!snoozes.has(quoteId) && snoozes.size >= SNOOZES_MAX) throw saidError('invalid-input', m.main_snooze_too_many({ max: SNOOZES_MAX }));
      const snooze: Snooze = { accountId, quoteId, until: new Date(at).toISOString(), snoozedAt: new Date(now).toISOString(), ...facts };
      snoozes.set(quoteId, snooze);
      changed();
      return snooze;
    },
    clear(quoteId) {
      const snooze = snoozes.get(quoteId) ?? null;
      if (snooze) {
        snoozes.delete(quoteId);
        changed();
      }
      return snooze;
    },
    wakeDue(now) {
      const due = list().filter((snooze) => Date.parse(snooze.until) <= now);
      for (const snooze of due) snoozes.delete(snooze.quoteId);
      if (due.length > 0) changed();
      return due;
    },
    nextWake() {
      const first = list()[0];
      return first ? Date.parse(first.until) : null;
    },
  };
}

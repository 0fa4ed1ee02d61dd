// "Your own decisions are not notified." An accept or decline sent from this installation
// comes back later as a change: the webhook of the account it went through, the webhook or
// sync of another account on the same service (the internal key beside a client key), a
// sync after a restart. None of these is news to the person who decided, so none of them
// raises a notification or lights up the unread state. A decision made elsewhere (another
// installation, the portal) is not remembered here and still notifies.
//
// Remembered per quote (quote ids are uuids: the same id is the same quote whichever account
// or service reports it) with the statuses the decision leads to, for as long as the change
// ledger remembers a change, and kept across restarts. While a decision is being sent, a
// change of its quote may be the decision itself arriving first (the service's webhook can
// beat its own answer): the pipeline waits for the decision to end before judging it.
import { z } from 'zod';
import type { Decision } from '../../../preload/contract/bridge/decisions';
import type { Clock, Logger } from '../ports';
import { createStateWriter, loadStateFile } from './state-file';

/** The statuses an applied decision leads to (accept reports CHANGED_TO_PROJECT; the lifecycle passes ACCEPTED). */
const LEADS_TO: Record<Decision, readonly string[]> = { accept: ['ACCEPTED', 'CHANGED_TO_PROJECT'], decline: ['REJECTED'] };

/** As long as the change ledger remembers a change: a webhook's retries, a sync after a weekend asleep. */
export const OWN_DECISION_MEMORY_MS = 3 * 24 * 60 * 60 * 1000;
/** A decision's outcome is known within the client's timeouts and re-reads; this only bounds a wait that should never be this long. */
const LONGEST_WAIT_MS = 2 * 60_000;

const OwnFile = z.object({
  version: z.literal(1),
  decisions: z.array(z.object({ quoteId: z.string(), decision: z.enum(['accept', 'decline']), at: z.number() })),
});

export interface OwnDecisions {
  /** A decision on the quote is being sent. */
  deciding(quoteId: string): void;
  /** The service applied this installation's decision. */
  decided(quoteId: string, decision: Decision): void;
  /** The decision's outcome is known (applied or not): whoever waits on the quote goes on. */
  ended(quoteId: string): void;
  /** Resolves at once, or when the decision on the quote being sent has ended. */
  settled(quoteId: string): Promise<void>;
  /** True when the change is what one of this installation's own decisions led to. */
  caused(change: { quoteId: string | null; newStatus: string | null }): boolean;
  flush(): Promise<void>;
}

export function createOwnDecisions(options: { path: string; clock: Clock; logger: Logger }): OwnDecisions {
  const { clock } = options;
  const remembered = new Map<string, { decision: Decision; at: number }>();
  for (const entry of loadStateFile(options.path, OwnFile, options.logger, clock.now)?.decisions ?? []) {
    remembered.set(entry.quoteId, { decision: entry.decision, at: entry.at });
  }
  const writer = createStateWriter(options.path, options.logger, () => ({
    version: 1,
    decisions: [...remembered].map(([quoteId, entry]) => ({ quoteId, ...entry })),
  }));
  const inFlight = new Map<string, { count: number; done: Promise<void>; release: () => void }>();
  const key = (quoteId: string) => quoteId.toLowerCase();

  function forgetOld(): void {
    const now = clock.now();
    let dropped = false;
    for (const [quoteId, entry] of remembered) {
      if (now - entry.at > OWN_DECISION_MEMORY_MS) dropped = remembered.delete(quoteId) || dropped;
    }
    if (dropped) writer.save();
  }

  return {
    deciding(quoteId) {
      const existing = inFlight.get(key(quoteId));
      if (existing) {
        existing.count += 1;
        return;
      }
      let release = () => undefined as void;
      const done = new Promise<void>((resolve) => (release = resolve));
      inFlight.set(key(quoteId), { count: 1, done, release });
    },
    decided(quoteId, decision) {
      forgetOld();
      remembered.set(key(quoteId), { decision, at: clock.now() });
      writer.save();
    },
    ended(quoteId) {
      const waiting = inFlight.get(key(quoteId));
      if (!waiting || --waiting.count > 0) return;
      inFlight.delete(key(quoteId));
      waiting.release();
    },
    settled(quoteId) {
      const waiting = inFlight.get(key(quoteId));
      if (!waiting) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, LONGEST_WAIT_MS);
        timer.unref?.();
        void waiting.done.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    caused({ quoteId, newStatus }) {
      if (!quoteId || !newStatus) return false;
      const entry = remembered.get(key(quoteId));
      if (!entry || clock.now() - entry.at > OWN_DECISION_MEMORY_MS) return false;
      return LEADS_TO[entry.decision].includes(newStatus.toUpperCase());
    },
    flush: () => writer.flush(),
  };
}

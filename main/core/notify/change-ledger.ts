// "One change is notified once, whether it came by webhook, by sync, or both." The ledger
// remembers which changes were announced, by a key made of account, entity and what changed,
// bounded in size and age, and kept across restarts (a sync pass after a restart must not
// announce again what a webhook announced before it).
import { z } from 'zod';
import { clientFacingStatus, QUOTE_STATUSES } from '../../../preload/contract/plain/statuses';
import type { QuoteStatus } from '../../../preload/contract/plain/statuses';
import type { Clock, Logger } from '../ports';
import { createStateWriter, loadStateFile } from './state-file';
import type { NotifiableChange } from './types';

/** The status an event type implies when the event carries none. */
const IMPLIED_STATUS: Readonly<Record<string, QuoteStatus>> = {
  'quote.accepted': 'ACCEPTED',
  'quote.rejected': 'REJECTED',
  'quote.cancelled': 'CANCELLED',
  'quote.converted_to_project': 'CHANGED_TO_PROJECT',
  'quote.sent_to_client': 'SENT',
  'quote.revised_and_sent': 'REVISED',
  'quote.revised': 'REVISED',
};
const CREATION_KINDS = new Set(['quote.created', 'quote.new']);

export interface ChangeIdentity {
  key: string;
  /** A content hash when known: the same key with a different hash is a new change (a second revision). */
  version: string | null;
}

function normalisedStatus(status: string): string {
  const upper = status.toUpperCase();
  // Webhooks may carry stored statuses where sync saw client-facing ones: compare in client words.
  return (QUOTE_STATUSES as readonly string[]).includes(upper) ? clientFacingStatus(upper as QuoteStatus) : upper;
}

/** Quote events whose change is "the quote is now in status X", however it was seen. */
const STATUS_KINDS = new Set([
  'quote.status_changed',
  'quote.status',
  ...Object.keys(IMPLIED_STATUS),
]);

/** What makes a change itself: the producer's key when it has one, else account + subject + what changed. */
export function identifyChange(change: NotifiableChange): ChangeIdentity {
  if (change.changeKey) return { key: `${change.accountId}|${change.changeKey}`, version: change.versionHash };
  const subject = change.quoteId ?? change.entityId ?? change.entityNumber ?? 'unknown';
  const status = change.newStatus ?? IMPLIED_STATUS[change.kind] ?? null;
  let what: string;
  if (CREATION_KINDS.has(change.kind)) what = 'created';
  else if (STATUS_KINDS.has(change.kind) && status) what = `status:${normalisedStatus(status)}`;
  else if (change.kind === 'quote.pricing') what = change.versionHash ? `version:${change.versionHash}` : `price:${change.amount?.value ?? ''}${change.amount?.currency ?? ''}`;
  else if (change.versionHash) what = `version:${change.versionHash}`;
  else if (status) what = `${change.kind}:${normalisedStatus(status)}`;
  else what = `${change.kind}@${change.occurredAt ?? ''}`;
  return { key: `${change.accountId}|${subject}|${what}`, version: STATUS_KINDS.has(change.kind) ? change.versionHash : null };
}

const LedgerFile = z.object({
  version: z.literal(1),
  entries: z.array(z.tuple([z.string(), z.number(), z.string().nullable()])),
});

export interface ChangeLedger {
  /** True the first time a change is seen (it is then remembered); false for a repeat. */
  claim(identity: ChangeIdentity): boolean;
  /** Forgets an account's changes (the account was removed). */
  forgetAccount(accountId: string): void;
  flush(): Promise<void>;
}

export interface ChangeLedgerOptions {
  path: string;
  clock: Clock;
  logger: Logger;
  /** How many changes are remembered; the oldest go first. */
  capacity?: number;
  /** How long a change is remembered: long enough for a webhook's retries and the next sync after sleep. */
  maxAgeMs?: number;
}

export function createChangeLedger(options: ChangeLedgerOptions): ChangeLedger {
  const capacity = options.capacity ?? 2000;
  const maxAgeMs = options.maxAgeMs ?? 3 * 24 * 60 * 60 * 1000;
  // Insertion order is age order: a Map is the bounded memory.
  const seen = new Map<string, { at: number; version: string | null }>();
  const loaded = loadStateFile(options.path, LedgerFile, options.logger, options.clock.now);
  for (const [key, at, version] of loaded?.entries ?? []) seen.set(key, { at, version });
  const writer = createStateWriter(options.path, options.logger, () => ({
    version: 1,
    entries: [...seen].map(([key, entry]) => [key, entry.at, entry.version]),
  }));

  function prune(now: number): void {
    for (const [key, entry] of seen) {
      if (seen.size > capacity || now - entry.at > maxAgeMs) seen.delete(key);
      else break;
    }
  }

  return {
    claim({ key, version }) {
      const now = options.clock.now();
      prune(now);
      const known = seen.get(key);
      if (known && (known.version === null || version === null || known.version === version)) {
        // The same change again; learn its version if the first sighting had none.
        if (known.version === null && version !== null) {
          known.version = version;
          writer.save();
        }
        return false;
      }
      seen.delete(key);
      seen.set(key, { at: now, version });
      prune(now);
      writer.save();
      return true;
    },
    forgetAccount(accountId) {
      for (const key of [...seen.keys()]) if (key.startsWith(`${accountId}|`)) seen.delete(key);
      writer.save();
    },
    flush: () => writer.flush(),
  };
}

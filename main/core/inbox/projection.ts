import type { EventHub } from '../bridge/events';
import { stopAll } from '../bridge/feature';
import type { DomainBus } from '../events';

export interface ProjectionOptions {
  /** At most one 'inbox.changed' per this many ms: a sync pass stores a page every few ms. */
  inboxCoalesceMs: number;
}

export const DEFAULT_PROJECTION_OPTIONS: ProjectionOptions = { inboxCoalesceMs: 100 };

/** 'inbox.changed' when stored quotes or PDF badges move (coalesced), and PDF download progress. Stopping drops a pending 'inbox.changed'. */
export function projectInboxEvents(bus: DomainBus, hub: EventHub, options: Partial<ProjectionOptions> = {}): () => void {
  const { inboxCoalesceMs } = { ...DEFAULT_PROJECTION_OPTIONS, ...options };
  const inbox = coalesced(inboxCoalesceMs, (accountIds) => hub.emit('inbox.changed', { accountIds }));
  const stop = stopAll([
    bus.subscribe('quotes.stored', ({ accountId, quotes }) => {
      if (quotes.length > 0) inbox.add(accountId);
    }),
    // A PDF badge moved (cached, outdated, dropped): the rows showing it must be read again.
    bus.subscribe('pdf.changed', ({ accountId }) => inbox.add(accountId)),
    // An account's quotes left the cache.
    bus.subscribe('account.removed', ({ accountId }) => inbox.add(accountId)),
    bus.subscribe('pdf.progress', ({ accountId, quoteId, bytes, total }) => hub.emit('pdfs.progress', { accountId, quoteId, bytes, total })),
  ]);
  return () => {
    stop();
    inbox.cancel();
  };
}

/**
 * Collects account ids and hands them on at most once per `ms`: the first change goes at
 * once (the window refreshes without delay), the ones during the quiet time go together
 * at its end.
 */
function coalesced(ms: number, send: (accountIds: string[]) => void): { add(accountId: string): void; cancel(): void } {
  let pending = new Set<string>();
  let quiet: ReturnType<typeof setTimeout> | null = null;
  const startQuiet = () => {
    quiet = setTimeout(() => {
      quiet = null;
      if (pending.size === 0) return;
      flush();
    }, ms);
    quiet.unref?.();
  };
  const flush = () => {
    const accountIds = [...pending].sort();
    pending = new Set();
    send(accountIds);
    startQuiet();
  };
  return {
    add(accountId) {
      pending.add(accountId);
      if (quiet === null) flush();
    },
    cancel() {
      if (quiet !== null) clearTimeout(quiet);
      quiet = null;
      pending.clear();
    },
  };
}

// Whether the service will take a decision on a quote. It takes one only on the stored
// statuses SENT and REVISED, but a client key sees SENT and SENT_PENDING as PENDING and
// SENT_REVISED as REVISED: where an internal key of the same service is held, its copy says
// which one it is; where none is, the client's view is all there is, and it is said so.
import type { Decidable, KeyAccess, QuoteStatus } from '../../../preload/contract';
import { clientFacingStatus, isActionable } from '../../../preload/contract/plain/statuses';
import type { StatusSubject } from '../../../preload/contract/plain/statuses';

/** The stored statuses the service takes a decision on. */
const DECIDED_ON: readonly QuoteStatus[] = ['SENT', 'REVISED'];

export const NOT_RELEASED = 'The vendor has not released this quote for a decision yet: it is sent, but awaiting their release.';
export const IN_PREPARATION = 'This quote is still being prepared: there is nothing to decide yet.';
export const CLIENT_CANNOT_TELL =
  'Your client key cannot tell whether the vendor has released this quote for a decision; if not, the service refuses it and nothing changes.';

const OFFERED: Decidable = { accept: true, decline: true };
const closed = (reason?: string): Decidable => ({ accept: false, decline: false, ...(reason ? { reason } : {}) });

/**
 * `own`: the quote as the deciding account sees it. `stored`: its status as an internal key of
 * the same service last saw it (null when none is held or it has no copy).
 */
export function decidability(own: StatusSubject, access: KeyAccess, stored: QuoteStatus | null): Decidable {
  if (!isActionable(own, access)) return closed(own.status === 'PENDING' ? IN_PREPARATION : undefined);
  const known = access === 'internal' ? own.status : storedMatching(own, stored);
  // A client alone (or beside an internal copy that is behind its own): offered, with what may stop it.
  if (known === null) return { ...OFFERED, note: CLIENT_CANNOT_TELL };
  return DECIDED_ON.includes(known) ? OFFERED : closed(NOT_RELEASED);
}

/**
 * The internal copy's status when it is the same quote as the client sees it now; an internal
 * copy behind the client's (still in preparation, or before a revision) tells nothing.
 */
function storedMatching(own: StatusSubject, stored: QuoteStatus | null): QuoteStatus | null {
  if (stored === null || stored === 'PENDING') return null;
  return clientFacingStatus(stored) === own.status ? stored : null;
}

// Whether the service will take a decision on a quote. It takes one only on the stored
// statuses SENT and REVISED, but a client key sees SENT and SENT_PENDING as PENDING and
// SENT_REVISED as REVISED: where an internal key of the same service is held, its copy says
// which one it is; where none is, the client's view is all there is, and it is said so.
import type { Decidable, KeyAccess, QuoteStatus } from '../../../preload/contract';
import { clientFacingStatus, isActionable } from '../../../preload/contract/plain/statuses';
import type { StatusSubject } from '../../../preload/contract/plain/statuses';
import { m } from '../../../i18n/paraglide/messages.js';

/** The stored statuses the service takes a decision on. */
const DECIDED_ON: readonly QuoteStatus[] = ['SENT', 'REVISED'];

// Functions, not constants: each reads main's locale when the words are about to be shown.
export const notReleased = (): string => m.main_decide_not_released();
export const inPreparation = (): string => m.main_decide_in_preparation();
export const clientCannotTell = (): string => m.main_decide_client_cannot_tell();

const OFFERED: Decidable = { accept: true, decline: true };
const closed = (reason?: string): Decidable => ({ accept: false, decline: false, ...(reason ? { reason } : {}) });

/**
 * `own`: the quote as the deciding account sees it. `stored`: its status as an internal key of
 * the same service last saw it (null when none is held or it has no copy).
 */
export function decidability(own: StatusSubject, access: KeyAccess, stored: QuoteStatus | null): Decidable {
  if (!isActionable(own, access)) return closed(own.status === 'PENDING' ? inPreparation() : undefined);
  const known = access === 'internal' ? own.status : storedMatching(own, stored);
  // A client alone (or beside an internal copy that is behind its own): offered, with what may stop it.
  if (known === null) return { ...OFFERED, note: clientCannotTell() };
  return DECIDED_ON.includes(known) ? OFFERED : closed(notReleased());
}

/**
 * The internal copy's status when it is the same quote as the client sees it now; an internal
 * copy behind the client's (still in preparation, or before a revision) tells nothing.
 */
function storedMatching(own: StatusSubject, stored: QuoteStatus | null): QuoteStatus | null {
  if (stored === null || stored === 'PENDING') return null;
  return clientFacingStatus(stored) === own.status ? stored : null;
}

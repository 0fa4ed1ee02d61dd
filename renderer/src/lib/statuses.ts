// How statuses look: the lists and rules are the contract's (plain/statuses), their words i18n/words/statuses.
import type { QuoteStatus } from '../../../preload/contract/plain/statuses';

export { ACTIONABLE_STATUSES, STATUSES_BY_ACCESS, isActionable, statusesFor } from '../../../preload/contract/plain/statuses';
export { STATUS_LABELS, statusLabel } from '../../../i18n/words/statuses';
export type { StatusSubject } from '../../../preload/contract/plain/statuses';

export type StatusTone = 'neutral' | 'info' | 'attention' | 'success' | 'danger' | 'muted';

export const STATUS_TONES: Record<QuoteStatus, StatusTone> = {
  PENDING: 'neutral',
  SENT: 'info',
  SENT_PENDING: 'attention',
  REVISED: 'info',
  SENT_REVISED: 'attention',
  ACCEPTED: 'success',
  REJECTED: 'danger',
  EXPIRED: 'muted',
  CANCELLED: 'muted',
  CHANGED_TO_PROJECT: 'success',
};

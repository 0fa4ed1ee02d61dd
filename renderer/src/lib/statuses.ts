// How statuses look: the lists, words and rules themselves are the contract's (plain/statuses).
import type { QuoteStatus } from '../../../preload/contract/plain/statuses';

export {
  ACTIONABLE_STATUSES,
  STATUSES_BY_ACCESS,
  STATUS_LABELS,
  isActionable,
  statusLabel,
  statusesFor,
} from '../../../preload/contract/plain/statuses';
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

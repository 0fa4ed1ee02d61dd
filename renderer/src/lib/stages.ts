// The inbox's stages in the words an account manager uses. A client key sees the service's
// SENT as PENDING: the core splits that PENDING by the quote number into "In preparation"
// (no number yet) and "Awaiting your decision".
export { CLOSED_STAGES, stageOf } from '../../../preload/contract/plain/stages';
export { STAGE_LABELS, stageLabel, stageWords, quoteStatusWords } from '../../../i18n/words/stages';
import type { InboxStage } from './inbox-bridge';
import type { StatusTone } from './statuses';

export const INBOX_STAGES: readonly InboxStage[] = [
  'in-preparation',
  'awaiting-decision',
  'revised',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'in-project',
];

export const STAGE_TONES: Readonly<Record<InboxStage, StatusTone>> = {
  'in-preparation': 'neutral',
  'awaiting-decision': 'attention',
  revised: 'info',
  accepted: 'success',
  declined: 'danger',
  expired: 'muted',
  cancelled: 'muted',
  'in-project': 'success',
};

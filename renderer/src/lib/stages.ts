// The inbox's stages in the words an account manager uses. A client key sees the service's
// SENT as PENDING: the core splits that PENDING by the quote number into "In preparation"
// (no number yet) and "Awaiting your decision".
import type { KeyAccess } from '../../../preload/contract';
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

export const STAGE_LABELS: Readonly<Record<InboxStage, string>> = {
  'in-preparation': 'In preparation',
  'awaiting-decision': 'Awaiting your decision',
  revised: 'Revised',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  'in-project': 'Project started',
};

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

/**
 * A stage in the words of the key that sees it: a quote awaiting a decision awaits the
 * client's for an internal key, the reader's own for a client key; "mixed" (all accounts,
 * both kinds) says it neutrally.
 */
export function stageLabel(stage: InboxStage, access: KeyAccess | 'mixed'): string {
  if (stage !== 'awaiting-decision' || access === 'client') return STAGE_LABELS[stage];
  return access === 'internal' ? 'Awaiting the client' : 'Awaiting a decision';
}

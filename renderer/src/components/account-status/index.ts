export {
  default as AccountStatusIndicator,
  ACCOUNT_STATUS_LABELS,
  HOST_LOST_LABEL,
  accountStatusWords,
  type ShownStatus,
} from './account-status.svelte';

export {
  default as AccountStatusIndicator,
  HOST_LOST_LABEL,
  accountStatusWords,
  type ShownStatus,
} from './account-status.svelte';

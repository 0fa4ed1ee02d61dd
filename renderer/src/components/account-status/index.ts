export {
  default as AccountStatusIndicator,
  hostLostLabel,
  accountStatusWords,
  type ShownStatus,
} from './account-status.svelte';

export { default as AccountStatusIndicator, ACCOUNT_STATUS_LABELS } from './account-status.svelte';

export { default as AccountDialog } from './account-dialog.svelte';

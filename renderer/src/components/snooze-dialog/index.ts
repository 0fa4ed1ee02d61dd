export { default as SnoozeDialog } from './snooze-dialog.svelte';
export { default as SnoozeButton } from './snooze-button.svelte';

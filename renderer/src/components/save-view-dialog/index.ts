export { default as SaveViewDialog } from './save-view-dialog.svelte';

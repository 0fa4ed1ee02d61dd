export { default as InboxToolbar } from './inbox-toolbar.svelte';

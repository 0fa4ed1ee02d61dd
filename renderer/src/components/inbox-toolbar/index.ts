export { default as InboxToolbar, SEARCH_INPUT_ID } from './inbox-toolbar.svelte';

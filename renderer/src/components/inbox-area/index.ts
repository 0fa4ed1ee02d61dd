export { default as InboxArea } from './inbox-area.svelte';

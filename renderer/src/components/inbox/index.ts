export { default as Inbox } from './inbox.svelte';

export { default as OutboxList } from './outbox-list.svelte';

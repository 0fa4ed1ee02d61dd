export { default as OutboxRowMark } from './outbox-row-mark.svelte';
export { default as OutboxPaneLine } from './outbox-pane-line.svelte';
export { waitingDecision } from './waiting-decision';

export { default as StatusChip } from './status-chip.svelte';

export { default as SnoozedView } from './snoozed-view.svelte';

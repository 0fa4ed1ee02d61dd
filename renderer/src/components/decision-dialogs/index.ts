export { default as AcceptDialog } from './accept-dialog.svelte';
export { default as DeclineDialog } from './decline-dialog.svelte';
export { DecisionRun } from './decision-run.svelte';
export type { RunState } from './decision-run.svelte';

export { default as SyncFreshness } from './sync-freshness.svelte';
export { LAST_KNOWN_PHASES, freshnessWords } from './freshness-words';

export { default as SyncFreshness } from './sync-freshness.svelte';
export { freshnessWords, showsLastKnown } from './freshness-words';

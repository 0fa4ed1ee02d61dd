export { default as RevisionDiff } from './revision-diff.svelte';

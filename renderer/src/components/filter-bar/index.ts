export { default as FilterBar } from './filter-bar.svelte';

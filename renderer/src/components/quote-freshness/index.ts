export { default as QuoteFreshness } from './quote-freshness.svelte';

export { default as QuoteSummary } from './quote-summary.svelte';

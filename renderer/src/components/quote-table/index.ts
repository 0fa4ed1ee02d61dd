export { default as QuoteTable } from './quote-table.svelte';

export { default as QuoteTable, isInQuoteTable } from './quote-table.svelte';

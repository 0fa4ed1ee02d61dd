export { default as QuotePanel } from './quote-panel.svelte';

export { default as QuoteView } from './quote-view.svelte';

export { default as PriceHistory } from './price-history.svelte';

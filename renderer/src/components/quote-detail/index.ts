export { default as QuoteDetail } from './quote-detail.svelte';
export { initials, countryName } from './extras';

export { default as QuoteDetail } from './quote-detail.svelte';
export { logoSource, initials, countryName } from './extras';

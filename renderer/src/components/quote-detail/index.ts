export { default as QuoteDetail } from './quote-detail.svelte';
export { recognisePeople, recogniseSummary, logoSource, initials, countryName } from './extras';

export { default as QuotePricing } from './quote-pricing.svelte';
export { default as SplitChart } from './split-chart.svelte';

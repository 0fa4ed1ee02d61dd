export { default as DemoBanner } from './demo-banner.svelte';

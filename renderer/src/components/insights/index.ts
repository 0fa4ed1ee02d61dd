export { default as InsightsView } from './insights-view.svelte';
